import { createContext, useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { DomTranslator } from './dom-translator';
import { fetchTranslations } from './fetch-translations';
import { languageStore, type Language } from './language-store';
import { TranslationNotice } from './components/translation-notice';

interface TranslationState {
  language: Language;
  toggle: () => void;
}

const TranslationContext = createContext<TranslationState>({ language: 'zh', toggle: () => {} });

export const useTranslation = () => useContext(TranslationContext);

const NOTICE_MS = 5_000;

/** Runs the page translation after hydration whenever the visitor has chosen EN. */
export function TranslationProvider({ children }: { children: ReactNode }) {
  const language = useSyncExternalStore(languageStore.subscribe, languageStore.getSnapshot, languageStore.getServerSnapshot);
  const translator = useRef<DomTranslator | null>(null);
  const [failedAt, setFailedAt] = useState<number | null>(null);

  const onFailure = useCallback(() => setFailedAt(Date.now()), []);

  useEffect(() => {
    translator.current ??= new DomTranslator(document.body, fetchTranslations, onFailure);
    if (language === 'en') void translator.current.enable();
    else translator.current.disable();
    // Screen readers pick their voice from the page language.
    document.documentElement.lang = language === 'en' ? 'en' : 'zh-CN';
  }, [language, onFailure]);

  useEffect(() => {
    if (failedAt === null) return;
    const timer = window.setTimeout(() => setFailedAt(null), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [failedAt]);

  const toggle = useCallback(() => languageStore.set(languageStore.getSnapshot() === 'en' ? 'zh' : 'en'), []);

  return (
    <TranslationContext.Provider value={{ language, toggle }}>
      {children}
      <TranslationNotice visible={failedAt !== null} />
    </TranslationContext.Provider>
  );
}
