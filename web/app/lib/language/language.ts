import { createContext, useCallback, useContext } from 'react';
import { isSameSitePath } from '../navigation/same-site-path';

/**
 * The studio's languages (issue 38) are its CMS's locales (Strapi's i18n codes: `zh-Hans`, `en`,
 * `de`…), not a pair fixed in code. The source language (the CMS's default locale) lives at the
 * spec's addresses; every other locale at the same path under its own prefix (`/en`, `/de`). The
 * address alone says which language a page is in: the server renders it so, the cache keys it so,
 * and a shared link opens in that language.
 */
export type Language = string;

/** The studio's locales as the site serves them: the source first, then the others. */
export interface SiteLocales {
  source: Language;
  others: readonly Language[];
  /**
   * Each locale's own name (`Deutsch`, `English`), named on the server (getLocales). A browser's
   * first `Intl.DisplayNames` loads its language data: 23–68 ms of main thread on this machine,
   * inside hydration's task, four times that on a slow phone. Absent before the CMS has said.
   */
  names?: Readonly<Record<Language, string>>;
}

/** Before the CMS has said (and in unit tests): the spec's Chinese and its English twin. */
export const DEFAULT_LOCALES: SiteLocales = { source: 'zh-Hans', others: ['en'] };

export const allLocales = (locales: SiteLocales): Language[] => [locales.source, ...locales.others];

/** A locale's address prefix: its code in lower case (`/en`, `/de`, `/zh-hant`); the source has none. */
export const prefixOf = (language: Language): string => language.toLowerCase();

/** The locale (other than the source) whose prefix is `segment`, if any. */
export const localeOfPrefix = (segment: string | undefined, locales: SiteLocales): Language | undefined =>
  segment ? locales.others.find((language) => prefixOf(language) === segment.toLowerCase()) : undefined;

/** The language of an address: a locale's under its prefix (and its data requests), else the source. */
export function languageOf(pathname: string, locales: SiteLocales): Language {
  const first = pathname.split('/')[1]?.replace(/(\/_)?\.data$|\.data$/, '') ?? '';
  return localeOfPrefix(first, locales) ?? locales.source;
}

/** `path` (an address of the source language, with its query) in `language`. */
export const localePath = (path: string, language: Language, locales: SiteLocales): string =>
  language === locales.source ? path : path === '/' ? `/${prefixOf(language)}` : `/${prefixOf(language)}${path}`;

/** The address in the source language of an address in any. */
export function sourcePath(pathAndSearch: string, locales: SiteLocales): string {
  const pathname = pathAndSearch.split(/[?#]/, 1)[0] ?? '/';
  const language = languageOf(pathname, locales);
  if (language === locales.source) return pathAndSearch;
  const rest = pathAndSearch.slice(prefixOf(language).length + 1);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * The address of the same page in `language`, from an address in any (query and hash kept).
 * Only ever an address on this site: one that is not (`/en//host/x` would be `//host/x`, another
 * host to a browser) gives the language's home instead (issue 36).
 */
export function twinPath(pathAndSearch: string, language: Language, locales: SiteLocales): string {
  const twin = localePath(sourcePath(pathAndSearch, locales), language, locales);
  return isSameSitePath(twin) ? twin : localePath('/', language, locales);
}

/** Open Graph's locale of a language (`zh_CN`, `en_US`, `de_DE`, `pt_BR`). */
export function ogLocale(language: Language): string {
  const [lang = '', region] = language.split('-');
  const COMMON: Record<string, string> = { zh: 'CN', en: 'US', ja: 'JP', ko: 'KR', da: 'DK', sv: 'SE', el: 'GR', cs: 'CZ', uk: 'UA', vi: 'VN', he: 'IL', hi: 'IN', fa: 'IR', nb: 'NO' };
  if (lang === 'zh' && region === 'Hant') return 'zh_TW';
  const country = region && /^[A-Za-z]{2}$/.test(region) ? region.toUpperCase() : (COMMON[lang] ?? lang.toUpperCase());
  return `${lang}_${country}`;
}

/**
 * A language's own name, in that language (`中文（简体）`, `English`, `Deutsch`): what a language
 * menu lists. From `locales.names` where the server named it; otherwise from the runtime's `Intl`.
 */
export function languageName(language: Language, locales?: SiteLocales): string {
  const named = locales?.names?.[language];
  if (named) return named;
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(language);
    return name ? name.charAt(0).toLocaleUpperCase(language) + name.slice(1) : language;
  } catch {
    return language;
  }
}

/** The short mark of a language in the header (spec 4: CN and EN; others their code's letters). */
export const languageMark = (language: Language): string => (language.startsWith('zh') ? 'CN' : (language.split('-')[0] ?? language).toUpperCase());

/** The language of the page being shown and the studio's locales: provided by the root layout. */
export const LanguageContext = createContext<{ language: Language; locales: SiteLocales }>({ language: DEFAULT_LOCALES.source, locales: DEFAULT_LOCALES });

export const useLanguage = (): Language => useContext(LanguageContext).language;
export const useLocales = (): SiteLocales => useContext(LanguageContext).locales;

/** `path` in the language of the page being shown (the same function while the language stays). */
export function useLocalePath(): (path: string) => string {
  const { language, locales } = useContext(LanguageContext);
  return useCallback((path: string) => localePath(path, language, locales), [language, locales]);
}

/**
 * Texts a page shows in the source language because its language has none yet (issue 38: a field
 * not translated yet falls back to the source's): each route provides those of its loader.
 */
export const FallbackTexts = createContext<ReadonlySet<string>>(new Set());

/**
 * `lang` for an element showing `text`: the source language's tag where the text is one of the
 * page's fallbacks, so a screen reader reads it in that language's voice. Spread it on the element:
 * `{...textLang(text)}`.
 */
export function useTextLang(): (text: string | null | undefined) => { lang?: string } {
  const { language, locales } = useContext(LanguageContext);
  const fallback = useContext(FallbackTexts);
  return (text) => (language !== locales.source && text && fallback.has(text) ? { lang: locales.source } : {});
}
