import styles from './copyright.module.css';
import { useUi } from '~/lib/language/ui-text';

/** The copyright strip at the bottom of the list and detail pages (spec 2). */
export function Copyright() {
  const { studio } = useUi();
  return (
    <footer className={styles.strip}>
      <small>{studio.copyright}</small>
    </footer>
  );
}
