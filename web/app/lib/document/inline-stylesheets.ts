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

/** Whether the page has a stylesheet link with this href (a disabled marker counts). */
export function stylesheetOnPage(document: Document, href: string): boolean {
  return document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`) !== null;
}

/** A disabled stylesheet link with this href, once: the browser never fetches nor applies it. */
function markOnPage(document: Document, href: string): void {
  if (stylesheetOnPage(document, href)) return;
  const link = document.createElement('link');
  link.setAttribute('disabled', '');
  link.rel = 'stylesheet';
  link.setAttribute('href', href);
  link.dataset.inlined = '';
  document.head.append(link);
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
  for (const href of inlined?.keys() ?? []) if (href.startsWith('/')) markOnPage(document, href);
  markPlainAddresses(document);
}

/**
 * React Router names a stylesheet that a lazily imported chunk needs too with a `#` at the end (and
 * after a move React links it under that name); Vite's loader of the chunk looks for the file's own
 * address, and would link it a second time, its rules then last in the cascade. Marks each such
 * stylesheet on the page under its own address too. Called on arrival and before a lazy chunk is
 * imported.
 */
export function markPlainAddresses(document: Document): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href$=".css#"]')) {
    markOnPage(document, link.getAttribute('href')!.slice(0, -1));
  }
}
