import { STUDIO } from '../lib/studio';
import styles from './copyright.module.css';

/** The copyright strip at the bottom of the list and detail pages (spec 2). */
export function Copyright() {
  return (
    <footer className={styles.strip}>
      <small>{STUDIO.copyright}</small>
    </footer>
  );
}
