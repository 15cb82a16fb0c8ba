import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

// One query for the page: every tile asks on every render, and `matchMedia` makes a new list each time.
let query: MediaQueryList | undefined;
const media = () => (query ??= window.matchMedia(QUERY));

function subscribe(onChange: () => void) {
  const list = media();
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * Whether the visitor asked for less motion, for what is drawn. On the server: assume they did (no
 * autoplay, no motion), so a browser where they did not renders every component that asks again
 * right after hydrating, in one task that cannot yield; what is decided at a click reads
 * `prefersReducedMotion` then instead.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => media().matches, () => true);
}

/** Whether the visitor asks for less motion now: for a decision made at a click, not for what is drawn. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(QUERY).matches;
}

/** Calls `onChange` when the visitor changes the setting; returns the stop. For effects that read `prefersReducedMotion`. */
export function watchReducedMotion(onChange: () => void): () => void {
  return subscribe(onChange);
}
