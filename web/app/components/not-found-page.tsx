import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { Logo } from './logo';
import { ResultPageStyles, resultPage as styles } from './result-page-styles';
import { useUi } from '~/lib/language/ui-text';
import { useLocalePath } from '~/lib/language/language';
import { PAGE } from '~/pages';

/**
 * Spec 2: a result block in a column, "the page you visited does not exist", a way back home. Set
 * in the site's own language: the logo, the bold numerals of the landing title, the tiles' red
 * rule, and text links with the prompt's chevron; the English toggle as on every page.
 */
interface NotFoundPageProps {
  /** The language toggle for its own header (a slot: shared components do not import features). */
  toggle?: ReactNode;
  /** Inside the shell (spec 2), whose header is already there (logo, menu, toggle). */
  inShell?: boolean;
  /** A share link the studio ended (issue 39): 410, "this link is no longer valid". */
  gone?: boolean;
}

export function NotFoundPage({ toggle, inShell = false, gone = false }: NotFoundPageProps) {
  const { ui } = useUi();
  const href = useLocalePath();
  return (
    <main className={styles.page}>
      <ResultPageStyles />
      {!inShell && (
        <header className={styles.bar}>
          <Link to={href('/')} className={styles.home}>
            <Logo />
          </Link>
          {toggle}
        </header>
      )}
      <section className={styles.result} aria-labelledby="not-found-title">
        {/* A client whose link ended is told so in words, not a status code. */}
        {!gone && (
          <p className={styles.code} aria-hidden="true">
            404
          </p>
        )}
        {!gone && <span className={styles.rule} aria-hidden="true" />}
        <h1 id="not-found-title" className={gone ? styles.headline : styles.title}>
          {gone ? ui.linkGone : ui.notFound}
        </h1>
        {gone && <span className={styles.rule} aria-hidden="true" />}
        {gone && <p className={styles.help}>{ui.linkGoneHelp}</p>}
        <nav className={styles.links} aria-label={gone ? ui.linkGoneTitle : ui.notFoundTitle}>
          {gone && (
            <a href="#contact" className={styles.link}>
              {ui.contactStudio}
            </a>
          )}
          {!gone && (
            <Link to={href('/')} className={styles.link}>
              {ui.backHome}
            </Link>
          )}
          <Link to={href(PAGE.projects)} className={styles.link}>
            {ui.seeProjects}
          </Link>
        </nav>
      </section>
    </main>
  );
}
