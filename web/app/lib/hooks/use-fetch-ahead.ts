import { useEffect, type PointerEvent, type RefObject } from 'react';
import { fetchAhead, fetchCodeAhead } from '../navigation/fetch-ahead';
import { whenSeen } from './use-seen';

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

/**
 * The page an item of a list opens (a project's tile, an article's card), fetched ahead once the
 * item (`index` in its list) is seen. On a phone each item in view fetches its page (a tap gives no
 * intent before it). In a window a pointer does, so only the first item fetches its page's code,
 * which every item of the list shares (`fetchCodeAhead`): a hover then asks for the data alone.
 */
export function useListItemAhead(item: RefObject<Element | null>, page: string, index: number, phone: boolean): void {
  const watched = phone || index === 0;
  useEffect(() => {
    const target = item.current;
    if (!watched || !target) return;
    return whenSeen(target, () => (phone ? fetchAhead(page) : fetchCodeAhead(page)));
  }, [item, page, watched, phone]);
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
