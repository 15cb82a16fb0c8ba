/** The visitor's language choice for this visit (spec 4: off, i.e. CN, by default). */
export type Language = 'zh' | 'en';

const STORAGE_KEY = 'studio.language';
const listeners = new Set<() => void>();
let current: Language | null = null;

function read(): Language {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) === 'en' ? 'en' : 'zh';
  } catch {
    return 'zh';
  }
}

export const languageStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): Language {
    current ??= read();
    return current;
  },
  getServerSnapshot(): Language {
    return 'zh';
  },
  set(language: Language) {
    current = language;
    try {
      window.sessionStorage.setItem(STORAGE_KEY, language);
    } catch {
      // kept for this page view only
    }
    for (const listener of listeners) listener();
  },
};
