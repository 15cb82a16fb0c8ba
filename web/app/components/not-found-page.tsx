import { Link } from 'react-router';
import { TranslationToggle } from '../features/translation/components/translation-toggle';
import { Logo } from './logo';
import styles from './result-page.module.css';
import { UI } from '../lib/ui-text';

/**
 * Spec 2: a result block in a column, "the page you visited does not exist", a way back home. Set
 * in the site's own language: the logo, the bold numerals of the landing title, the tiles' red
 * rule, and text links with the prompt's chevron; the English toggle as on every page.
 */
export function NotFoundPage() {
  return (
    <main className={styles.page}>
      <header className={styles.bar}>
        <Link to="/" className={styles.home}>
          <Logo />
        </Link>
        <TranslationToggle />
      </header>
      <section className={styles.result} aria-labelledby="not-found-title">
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <span className={styles.rule} aria-hidden="true" />
        <h1 id="not-found-title" className={styles.title}>
          {UI.notFound}
        </h1>
        <nav className={styles.links} aria-label={UI.notFoundTitle}>
          <Link to="/" className={styles.link}>
            {UI.backHome}
          </Link>
          <Link to="/dailyPage/project" className={styles.link}>
            {UI.seeProjects}
          </Link>
        </nav>
      </section>
    </main>
  );
}
