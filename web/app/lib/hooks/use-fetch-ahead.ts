import { useEffect, type PointerEvent } from 'react';
import { fetchAhead, fetchCodeAhead } from '../navigation/fetch-ahead';

/** A pointer resting this long on a link is an intent (one passing over it on the way is not). */
const HOVER_INTENT_MS = 80;

/** Fetches `pages` ahead (their data, code and styles: `fetchAhead`) once `when` is true: in view, or idle. */
export function useFetchAhead(pages: ReadonlyArray<string | null>, when: boolean): void {
  const key = pages.filter((page): page is string => page !== null).join('\n');
  useEffect(() => {
    if (!when || !key) return;
    for (const page of key.split('\n')) fetchAhead(page);
  }, [key, when]);
}

/** Fetches `page`'s code and styles ahead, not its data (`fetchCodeAhead`), once `when` is true. */
export function useCodeAhead(page: string, when: boolean): void {
  useEffect(() => {
    if (when) fetchCodeAhead(page);
  }, [page, when]);
}

/**
 * Handlers for a link that fetch its page ahead when the visitor points at it (after a short rest),
 * focuses it, or puts a finger on it: the click then uses that one request (`data-cache.ts`).
 * React Router's own `prefetch="intent"` adds a second request (react-router #13255).
 */
export function fetchAheadOnIntent(to: string) {
  let timer: number | undefined;
  const now = () => {
    window.clearTimeout(timer);
    fetchAhead(to, { intent: true });
  };
  return {
    onPointerEnter: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') timer = window.setTimeout(now, HOVER_INTENT_MS);
    },
    onPointerLeave: () => window.clearTimeout(timer),
    onPointerDown: now,
    onFocus: now,
  };
}
