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

/** Whether the visitor asked for less motion. On the server: assume they did (no autoplay, no motion). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => media().matches, () => true);
}
