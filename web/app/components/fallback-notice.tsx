import { useContext } from 'react';
import { useMatches } from 'react-router';
import { FallbackTexts, useLanguage, useLocales } from '~/lib/language/language';
import { useUi } from '~/lib/language/ui-text';
import styles from './fallback-notice.module.css';

/**
 * On a page whose language lacks some of its texts yet (issue 38: shown in the source language,
 * each marked with its `lang`), one line in the page's own language says so. Nothing on a page
 * that is whole, nor in the source language.
 */
export function FallbackNotice() {
  const fallback = useContext(FallbackTexts);
  // The notice sits above the page (in the shell): the page's own texts are its loader's.
  const matches = useMatches();
  const below = matches.some(({ loaderData }) => {
    const texts = (loaderData as { fallback?: unknown } | undefined)?.fallback;
    return Array.isArray(texts) && texts.length > 0;
  });
  const language = useLanguage();
  const { source } = useLocales();
  const { ui } = useUi();
  if (language === source || (fallback.size === 0 && !below)) return null;
  return (
    <p className={styles.notice} role="note" data-fallback-notice>
      {ui.notTranslated}
    </p>
  );
}
