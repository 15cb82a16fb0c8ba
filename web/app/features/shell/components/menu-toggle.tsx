import styles from './menu-toggle.module.css';
import { UI } from '../../../lib/ui-text';

/** Three bars; on hover the outer bars slide away; when the menu is open they form a cross. */
export function MenuToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-label={UI.menu}
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
