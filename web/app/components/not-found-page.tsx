import { Link } from 'react-router';
import styles from './result-page.module.css';
import { UI } from '../lib/ui-text';

/** Spec 2: result block in a column, "the page you visited does not exist", a button back home. */
export function NotFoundPage() {
  return (
    <main className={styles.page}>
      <section className={styles.result} aria-labelledby="not-found-title">
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title" className={styles.title}>
          {UI.notFound}
        </h1>
        <Link to="/" className={styles.button}>
          {UI.backHome}
        </Link>
      </section>
    </main>
  );
}
