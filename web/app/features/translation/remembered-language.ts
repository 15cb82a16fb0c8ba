import { useEffect } from 'react';
import { allLocales, languageOf, twinPath, type Language, type SiteLocales } from '~/lib/language/language';

/** The visitor's choice of language for this visit (spec 4: kept for the visit, the source language by default). */
const STORAGE_KEY = 'studio.language';

/** The language of each page shown is the visitor's latest choice (the toggle, or a link they followed). */
export function rememberLanguage(language: Language): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, language);
  } catch {
    // storage blocked: the address still says which language the page is in
  }
}

function remembered(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Where a visitor who was reading another language earlier in this visit should be, when a
 * document was opened at an address of the source language (a bookmark, a typed address, a link
 * from elsewhere): its twin in that language, if the studio still has it. An address in another
 * language is always shown in it (it was asked for), and a visitor who has not chosen one stays.
 */
export function twinForRememberedLanguage(pathAndSearch: string, locales: SiteLocales): string | null {
  const here = languageOf(pathAndSearch.split('?', 1)[0] ?? '/', locales);
  const chosen = remembered();
  if (here !== locales.source || !chosen || chosen === locales.source || !allLocales(locales).includes(chosen)) return null;
  return twinPath(pathAndSearch, chosen, locales);
}

/** The language of every page shown is the visitor's latest choice (spec 4: kept for the visit). */
export function useRememberedLanguage(language: Language): void {
  useEffect(() => rememberLanguage(language), [language]);
}
