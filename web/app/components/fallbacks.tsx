import { useContext, useMemo, type ReactNode } from 'react';
import { FallbackTexts } from '~/lib/language/language';

/**
 * Marks, for the elements below, the texts a loader showed in the source language for want of the
 * page's own (issue 38): `useTextLang` gives them the source's `lang`. Nested providers add up
 * (the root's studio texts, the shell's categories, a page's content).
 */
export function Fallbacks({ texts, children }: { texts: readonly string[] | undefined; children: ReactNode }) {
  const parent = useContext(FallbackTexts);
  const all = useMemo(() => (texts?.length ? new Set([...parent, ...texts]) : parent), [parent, texts]);
  return <FallbackTexts.Provider value={all}>{children}</FallbackTexts.Provider>;
}
