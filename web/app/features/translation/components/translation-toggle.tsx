import { Link, useLocation } from 'react-router';
import { LANGUAGE_TAG, localePath, twinPath, useLanguage } from '../../../lib/language';
import { LANGUAGE_NAMES } from '../../../lib/ui-text';
import styles from './translation.module.css';

/**
 * The header toggle (spec 4: shown CN or EN): a link to the same page in the other language
 * (issue 28), keeping the category filter and the open media item, and the scroll position where
 * the page is the same. A plain link before the scripts run, so the first tap is never lost; Back
 * returns to the other language. Its name is in the language it leads to, marked as such.
 *
 * `toHome`: on a page every unknown address shares (the 404, cached once per language), it leads
 * to the other language's home, so the page carries nothing of the address that filled the cache
 * (issue 36: `/en//evil.example/x` made every English 404 link to evil.example).
 */
export function TranslationToggle({ className = '', toHome = false }: { className?: string; toHome?: boolean }) {
  const language = useLanguage();
  const { pathname, search, hash } = useLocation();
  const other = language === 'en' ? 'zh' : 'en';
  return (
    <Link
      to={toHome ? localePath('/', other) : twinPath(`${pathname}${search}${hash}`, other)}
      className={`${styles.toggle} ${className}`}
      hrefLang={LANGUAGE_TAG[other]}
      lang={LANGUAGE_TAG[other]}
      // The visible CN/EN first, then where it leads (WCAG 2.5.3, label in name).
      aria-label={`${language === 'en' ? 'EN' : 'CN'} ${LANGUAGE_NAMES[other]}`}
      data-language={language}
      preventScrollReset
    >
      {language === 'en' ? 'EN' : 'CN'}
    </Link>
  );
}
