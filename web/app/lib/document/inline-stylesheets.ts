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

/**
 * Tells React Router that the inlined stylesheets are on the page. Before a route's loader runs in
 * the browser, React Router waits for that route's stylesheets unless the document has a
 * `<link rel="stylesheet">` with the same href (its guard against an unstyled move), and it does
 * not look at `<style>`. So Back to the page the visitor arrived on waited for its own stylesheets
 * from the network: 300–500 ms on a slow phone, before React even began to draw the grid (issue 41).
 * Each inlined file gets a disabled link, which the browser never fetches nor applies.
 */
export function markInlinedForRouter(document: Document, inlined: ReadonlyMap<string, string> | null): void {
  // React Router names a stylesheet that a lazily imported chunk needs too with a `#` at the end;
  // Vite's loader of that chunk looks for the file's own address. Both are told it is on the page,
  // or opening the viewer would fetch the stylesheet again and put its rules last in the cascade.
  const hrefs = [...(inlined?.keys() ?? [])].flatMap((href) => (href.endsWith('#') ? [href, href.slice(0, -1)] : [href]));
  for (const href of hrefs) {
    if (!href.startsWith('/') || document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) continue;
    const link = document.createElement('link');
    link.setAttribute('disabled', '');
    link.rel = 'stylesheet';
    link.setAttribute('href', href);
    link.dataset.inlined = '';
    document.head.append(link);
  }
}

/**
 * React Router names a stylesheet that a lazily imported chunk needs too with a `#` at the end, and
 * after a move React links it under that name; Vite's loader of the chunk looks for the file's own
 * address, and would link it a second time, its rules then last in the cascade. Marks each such
 * stylesheet on the page under its own address too (a disabled link, never fetched). Called before a
 * lazy chunk is imported.
 */
export function markPlainAddresses(document: Document): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href$=".css#"]')) {
    const plain = link.getAttribute('href')!.slice(0, -1);
    if (document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(plain)}"]`)) continue;
    const marker = document.createElement('link');
    marker.setAttribute('disabled', '');
    marker.rel = 'stylesheet';
    marker.setAttribute('href', plain);
    marker.dataset.inlined = '';
    document.head.append(marker);
  }
}
