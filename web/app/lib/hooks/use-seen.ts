import { useEffect, useState, type RefObject } from 'react';
import { mayFetchAhead } from '../navigation/fetch-ahead';

/**
 * True from the moment any part of the element has been on screen (or just below it) while the
 * page was shown: on touch screens a tile in view is fetched ahead, as a pointed-at one is on a
 * desktop (React Router's own viewport prefetch waits for half of it, and forgets it again).
 * Never true when the visitor asked to save data.
 */
export function useSeen(element: RefObject<Element | null>, enabled = true): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!enabled || seen || !target || typeof IntersectionObserver !== 'function' || !mayFetchAhead()) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    }, { rootMargin: '0px 0px 25% 0px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, enabled, seen]);
  // Hidden (the grid the shell keeps while a project is open), it is seen anew when shown: Back
  // fetches ahead the tiles then in view, not every tile seen before it was hidden.
  useEffect(() => () => setSeen(false), []);
  return seen;
}
