import { useRef, type ReactNode } from 'react';
import { useFocusTrap } from '~/lib/hooks/use-focus-trap';
import styles from './drawer.module.css';

interface DrawerProps {
  id: string;
  side: 'left' | 'right';
  label: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A panel sliding in below the header. While open it traps focus and closes on Escape or a click
 * on the dimmed page; while closed it is inert (not reachable by keyboard or screen readers).
 */
export function Drawer({ id, side, label, open, onClose, children }: DrawerProps) {
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, open, onClose);
  return (
    <>
      <div className={styles.scrim} data-open={open} onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        id={id}
        className={`${styles.drawer} ${styles[side]}`}
        data-open={open}
        role="dialog"
        aria-modal={open}
        aria-label={label}
        inert={!open}
        tabIndex={-1}
      >
        {children}
      </div>
    </>
  );
}
