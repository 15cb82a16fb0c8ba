import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { allLocales, languageMark, languageName, localePath, twinPath, useLanguage, useLocales } from '~/lib/language/language';
import { useUi } from '~/lib/language/ui-text';
import styles from './translation.module.css';

/**
 * The header's language control (spec 4: shown CN or EN). With the studio's two languages, the
 * spec's toggle: a link to the same page in the other language (issue 28), keeping the category
 * filter and the open media item, and the scroll position where the page is the same. With more
 * (issue 38), a small menu in the same place listing every language by its own name, each a link
 * to the page's twin. Plain links and a native disclosure: the first tap works before the scripts
 * run, and Back returns to the language before.
 *
 * `toHome`: on a page every unknown address shares (the 404, cached once per language), the links
 * lead to each language's home, so the page carries nothing of the address that filled the cache
 * (issue 36).
 */
export function TranslationToggle({ className = '', toHome = false }: { className?: string; toHome?: boolean }) {
  const language = useLanguage();
  const locales = useLocales();
  const { ui } = useUi();
  const { pathname, search, hash } = useLocation();
  const to = (target: string) => (toHome ? localePath('/', target, locales) : twinPath(`${pathname}${search}${hash}`, target, locales));
  const languages = allLocales(locales);
  if (languages.length <= 2) {
    const other = languages.find((candidate) => candidate !== language) ?? language;
    return (
      <Link
        to={to(other)}
        className={`${styles.toggle} ${className}`}
        hrefLang={other}
        lang={other}
        // The visible CN/EN first, then where it leads (WCAG 2.5.3, label in name).
        aria-label={`${languageMark(language)} ${languageName(other, locales)}`}
        data-language={language}
        preventScrollReset
      >
        {languageMark(language)}
      </Link>
    );
  }
  return <LanguageMenu className={className} language={language} languages={languages} names={(target) => languageName(target, locales)} to={to} label={`${languageMark(language)} ${ui.languages}`} />;
}

/**
 * The language menu (more than two languages): a native disclosure, so it opens with a tap or the
 * keyboard before the scripts run; once they do, Escape or a click elsewhere closes it (focus back
 * on its mark), and so does the move to another page (the header stays on screen across moves).
 */
function LanguageMenu({ className, language, languages, names, to, label }: { className: string; language: string; languages: string[]; names: (target: string) => string; to: (target: string) => string; label: string }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname, search]);
  useEffect(() => {
    const details = menu.current;
    if (!details) return;
    const close = (focus: boolean) => {
      if (!details.open) return;
      details.open = false;
      if (focus) details.querySelector('summary')?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && details.open) close(details.contains(document.activeElement));
    };
    const onPointer = (event: PointerEvent) => {
      if (!details.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, []);
  return (
    <details ref={menu} className={`${styles.menu} ${className}`} data-language-menu={language}>
      <summary className={styles.toggle} aria-label={label}>
        {languageMark(language)}
      </summary>
      <ul className={styles.list}>
        {languages.map((target) => (
          <li key={target}>
            <Link
              to={to(target)}
              className={styles.item}
              hrefLang={target}
              lang={target}
              aria-current={target === language ? 'page' : undefined}
              data-language={language}
              preventScrollReset
              // Chosen, the menu closes, the page's own language included (no move to close it).
              onClick={() => {
                if (menu.current) menu.current.open = false;
              }}
            >
              {names(target)}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
