import { index, prefix, route, type RouteConfig, type RouteConfigEntry } from '@react-router/dev/routes';
import { PAGES, type PageEntry } from './pages';

/** The route entries of `book` (pages.ts), route ids prefixed with `lang/` for a locale's. */
export function pageRoutes(book: readonly PageEntry[], prefixed: boolean): RouteConfigEntry[] {
  const id = (file: string) => (prefixed ? { id: `lang/${file.replace(/\.tsx?$/, '')}` } : {});
  return book.map((page) => {
    const children = page.children ? pageRoutes(page.children, prefixed) : undefined;
    return page.path === undefined ? index(page.file, id(page.file)) : route(page.path, page.file, id(page.file), children);
  });
}

/**
 * Spec section 2, the pages of the address book (pages.ts) for every language (issues 28 and 38):
 * the studio's source language at the spec's addresses, each other locale of the studio under its
 * own prefix (`:lang`: `/en`, `/de`…) with the same modules (their route ids start with `lang/`;
 * the loaders read the language from `params.lang`). An address whose prefix is no locale of the
 * studio is the 404 page in the source language (lib/language/page-locale.server.ts), cached once however
 * many such addresses are asked for (server/pages/page-address.ts).
 */
export default [
  // For search engines (issue 13): made from the same cached content as the pages.
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  ...prefix(':lang', pageRoutes(PAGES, true)),
  ...pageRoutes(PAGES, false),
] satisfies RouteConfig;
