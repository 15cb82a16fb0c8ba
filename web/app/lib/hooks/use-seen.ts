import { mayFetchAhead } from '../navigation/fetch-ahead';

/**
 * Calls `seen` once, inside the observer's own callback, when any part of `target` comes on screen
 * (or just below it); returns what stops watching. On touch screens a tile in view is fetched ahead,
 * as a pointed-at one is on a desktop (React Router's own viewport prefetch waits for half of it,
 * and forgets it again). Nothing when the visitor asked to save data.
 *
 * No state and no render between the two: a phone's tap 0.4 s after a jump down the grid found the
 * tapped tile's data still on its way, asked for a render and an effect after the tile was seen
 * (decision 022, forty-seventh pass). Called from an effect, the watch ends with it: the grid the
 * shell keeps hidden while a project is open watches again when shown, so Back fetches ahead the
 * tiles then in view.
 */
export function whenSeen(target: Element, seen: () => void): () => void {
  if (typeof IntersectionObserver !== 'function' || !mayFetchAhead()) return () => undefined;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      seen();
    },
    { rootMargin: '0px 0px 25% 0px' },
  );
  observer.observe(target);
  return () => observer.disconnect();
}
