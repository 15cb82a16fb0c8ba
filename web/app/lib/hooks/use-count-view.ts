import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * What was seen (issue 39): once the browser shows a page of a project or an article (or a share
 * link's), it tells the site with a beacon (its address and language, nothing about the visitor).
 * Fetching a page ahead runs no component, so only pages a person opened are counted; each move
 * to another page is one more view, opening the viewer (`?media=`) none.
 */
export function useCountView(counts = true): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!counts || typeof navigator.sendBeacon !== 'function') return;
    navigator.sendBeacon('/_views', JSON.stringify({ path: pathname, lang: document.documentElement.lang }));
  }, [pathname, counts]);
}
