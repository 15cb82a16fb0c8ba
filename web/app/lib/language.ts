import { createContext, useContext } from 'react';
import { isSameSitePath } from './same-site-path';

/**
 * The site's two languages (issue 28). Chinese, the studio's own, lives at the spec's addresses;
 * its English twin at the same path under `/en`. The address alone says which language a page is
 * in: the server renders it so, the cache keys it so, and a shared link opens in that language.
 */
export type Language = 'zh' | 'en';

export const EN_PREFIX = '/en';

/** BCP 47 tags: the document's `lang`, `hreflang`, and what Chinese left on an English page is marked. */
export const LANGUAGE_TAG = { zh: 'zh-Hans', en: 'en' } as const satisfies Record<Language, string>;
/** The `<html lang>` of each twin (the Chinese pages kept what they always said). */
export const HTML_LANG = { zh: 'zh-CN', en: 'en' } as const satisfies Record<Language, string>;
/** Open Graph's locales. */
export const OG_LOCALE = { zh: 'zh_CN', en: 'en_US' } as const satisfies Record<Language, string>;

/** The language of an address: English under `/en` (and its data requests), else Chinese. */
export const languageOf = (pathname: string): Language => (pathname === EN_PREFIX || pathname.startsWith(`${EN_PREFIX}/`) || pathname.startsWith(`${EN_PREFIX}.`) ? 'en' : 'zh');

/** `path` (a Chinese address, with its query) in `language`. */
export const localePath = (path: string, language: Language): string => (language === 'zh' ? path : path === '/' ? EN_PREFIX : `${EN_PREFIX}${path}`);

/**
 * The address of the same page in `language`, from an address in either (query and hash kept).
 * Only ever an address on this site: one that is not (`/en//host/x` would be `//host/x`, another
 * host to a browser) gives the language's home instead (issue 36).
 */
export function twinPath(pathAndSearch: string, language: Language): string {
  const zh = languageOf(pathAndSearch.split(/[?#]/, 1)[0] ?? '/') === 'en' ? pathAndSearch.slice(EN_PREFIX.length) || '/' : pathAndSearch;
  const twin = localePath(zh.startsWith('/') ? zh : `/${zh}`, language);
  return isSameSitePath(twin) ? twin : localePath('/', language);
}

/** Han characters: what an English page shows only where a translation is still missing. */
const HAN = /\p{Script=Han}/u;
export const hasHan = (text: string | null | undefined): boolean => !!text && HAN.test(text);

/** The language of the page being shown: provided by the root layout from the address (Chinese outside it). */
export const LanguageContext = createContext<Language>('zh');

export const useLanguage = (): Language => useContext(LanguageContext);

/** `path` in the language of the page being shown. */
export function useLocalePath(): (path: string) => string {
  const language = useLanguage();
  return (path) => localePath(path, language);
}

/**
 * `lang` for an element showing `text`: on an English page, text still in Chinese (a translation
 * that missed the render deadline, or a provider that is down) is marked `zh-Hans`, so a screen
 * reader reads it with a Chinese voice (issue 28). Spread it on the element: `{...textLang(text)}`.
 */
export function useTextLang(): (text: string | null | undefined) => { lang?: string } {
  const language = useLanguage();
  return (text) => (language === 'en' && hasHan(text) ? { lang: LANGUAGE_TAG.zh } : {});
}
