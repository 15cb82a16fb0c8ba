import { createContext } from 'react';

/**
 * The site's stylesheets that are inlined into the page as `<style>` (by href): on the server with
 * their text, in the browser with the hrefs React finds already in the document (text empty; React
 * adopts the existing element). Null: link them as files (the development server).
 */
export const InlineStylesheets = createContext<ReadonlyMap<string, string> | null>(null);

/** Stylesheets the server inlined, as the browser finds them before hydration. */
export function inlinedInDocument(document: Document): ReadonlyMap<string, string> | null {
  const hrefs = [...document.querySelectorAll<HTMLStyleElement>('style[data-precedence="site"][data-href]')].flatMap(
    (style) => style.dataset.href?.split(' ') ?? [],
  );
  return hrefs.length > 0 ? new Map(hrefs.map((href) => [href, ''])) : null;
}
