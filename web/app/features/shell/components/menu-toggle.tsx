import styles from './menu-toggle.module.css';
import { useUi } from '~/lib/language/ui-text';

/** Three bars; on hover the outer bars slide away; when the menu is open they form a cross. */
export function MenuToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { ui } = useUi();
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-label={ui.menu}
      aria-expanded={open}
      aria-controls="menu-drawer"
      onClick={onToggle}
    >
      <span className={styles.bar} />
      <span className={styles.bar} />
      <span className={styles.bar} />
    </button>
  );
}
