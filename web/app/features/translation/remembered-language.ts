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
 * Where a visitor who was reading English earlier in this visit should be, when a document was
 * opened at a Chinese address (a bookmark, a typed address, a link from elsewhere): its English
 * twin. An English address is always shown in English (it was asked for), and a visitor who has
 * not chosen English stays where they are.
 */
export function twinForRememberedLanguage(pathAndSearch: string): string | null {
  const here = languageOf(pathAndSearch.split('?', 1)[0] ?? '/');
  return here === 'zh' && remembered() === 'en' ? twinPath(pathAndSearch, 'en') : null;
}
