import { languageOf, twinPath, type Language } from '../../lib/language';

/** The visitor's choice of language for this visit (spec 4: kept for the visit, Chinese by default). */
const STORAGE_KEY = 'studio.language';

/** The language of each page shown is the visitor's latest choice (the toggle, or a link they followed). */
export function rememberLanguage(language: Language): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, language);
  } catch {
    // storage blocked: the address still says which language the page is in
  }
}

function remembered(): Language | null {
  try {
    const value = window.sessionStorage.getItem(STORAGE_KEY);
    return value === 'en' || value === 'zh' ? value : null;
  } catch {
    return null;
  }
}

/**
 * Where a visitor who chose the other language earlier in this visit should be, when a document
 * was opened at an address in the language they left (a bookmark, a link from elsewhere): that
 * page's twin. Null when the page is already in their language or they chose nothing.
 */
export function twinForRememberedLanguage(pathAndSearch: string): string | null {
  const chosen = remembered();
  const here = languageOf(pathAndSearch.split('?', 1)[0] ?? '/');
  return chosen && chosen !== here ? twinPath(pathAndSearch, chosen) : null;
}
