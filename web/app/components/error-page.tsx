import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { ResultPageStyles, resultPage as styles } from './result-page-styles';
import { useUi } from '~/lib/language/ui-text';

/**
 * Anything unexpected: a calm page with a way back, never a stack trace. Most often in a browser,
 * a move made while the network was away: when it comes back, the page loads again by itself.
 */
export function ErrorPage() {
  const { ui } = useUi();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const again = () => void revalidate();
    addEventListener('online', again);
    return () => removeEventListener('online', again);
  }, [revalidate]);
  return (
    <main className={styles.page}>
      <ResultPageStyles />
      <section className={styles.result} aria-labelledby="error-title">
        <span className={styles.rule} aria-hidden="true" />
        <h1 id="error-title" className={styles.title}>
          {ui.unavailable}
        </h1>
        <a href="/" className={styles.link}>
          {ui.backHome}
        </a>
      </section>
    </main>
  );
}
