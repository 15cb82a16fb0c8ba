import { memo, useRef, useState, type ReactNode } from 'react';
import { CloseButton } from '~/components/close-button';
import { OverlayOpened } from '~/components/overlay-opened';
import { useFocusTrap } from '~/lib/hooks/use-focus-trap';
import styles from './contact-overlay.module.css';
import { useUi } from '~/lib/language/ui-text';


interface ContactOverlayProps {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * Spec 2: covers the page below the header. Closes with its close control, Escape, or a click
 * outside the panel; focus moves in when it opens, stays inside, and returns to the opener.
 */
export const ContactOverlay = memo(function ContactOverlay({ open, onClose, children }: ContactOverlayProps) {
  const { ui } = useUi();
  const panel = useRef<HTMLDivElement>(null);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  useFocusTrap(panel, open, onClose);
  return (
    <OverlayOpened.Provider value={opened}>
      <div
        className={styles.backdrop}
        data-open={open}
        inert={!open}
        onClick={(event) => {
          if (event.target === event.currentTarget) onClose();
        }}
      >
        <div
          ref={panel}
          id="contact-overlay"
          className={styles.panel}
          role="dialog"
          aria-modal={open}
          aria-labelledby="contact-title"
          tabIndex={-1}
        >
          <div className={styles.top}>
            <h2 id="contact-title" className={styles.title}>
              CONTACT
            </h2>
            <CloseButton label={ui.closeContact} onClick={onClose} />
          </div>
          {/* Drawn once first opened: a closed panel (it needs the scripts to open) costs every
              document nothing (decision 022, twenty-first pass). */}
          {opened && children}
        </div>
      </div>
    </OverlayOpened.Provider>
  );
});
