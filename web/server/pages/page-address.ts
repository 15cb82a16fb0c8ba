import { PAGES, pageAddresses, patternSource, type PageEntry } from '~/pages';

/**
 * The query parameters each page reads (spec 2: `documentId` on detail pages, the category filter
 * on the grid and its detail pages, the open media item). Every other parameter (`utm_*`,
 * `fbclid`, a random one) changes nothing on the page, so it is dropped before the page is looked
 * up in the cache or rendered: one page, one cache entry, however it is linked. (Issue 25: junk
 * parameters made every request a fresh render, 17 instead of 3,300 requests/s, and pushed real
 * pages out of the cache.) Known parameters keep their first value, in a fixed order.
 */
const pageParams = (book: readonly PageEntry[]) =>
  pageAddresses(book)
    .filter((page) => page.params.length > 0)
    // In every language: the source's addresses, and each locale's under its prefix (`/en`, `/de`).
    .map(({ pattern, params }) => ({ path: new RegExp(`^(\\/[^/]+)?${patternSource(pattern)}\\/?$`), params }));

/** React Router's data requests (`/path.data?_routes=…`) also name the routes they want. */
const DATA_SUFFIX = /(\/_)?\.data$/;
/** React Router's route discovery (`?paths=…&version=…`): not a page, passed on as it is. */
const MANIFEST_PATH = '/__manifest';

/**
 * `pathAndQuery` with only the parameters its page reads: the page's address for cache and render.
 * A data request's `_routes` (the routes whose data it wants, a set) is sorted and deduplicated:
 * every ordering is one request (issue 36: 60 orderings were 60 renders and 60 cache entries).
 * Which ids it may name is checked before, against the routes the address matches
 * (`server/pages/page-requests.ts`).
 */
export function pageCanonicaliser(book: readonly PageEntry[] = PAGES): (pathAndQuery: string) => string {
  const known = pageParams(book);
  return (pathAndQuery) => {
    const queryAt = pathAndQuery.indexOf('?');
    if (queryAt < 0) return pathAndQuery;
    const pathname = pathAndQuery.slice(0, queryAt);
    if (pathname === MANIFEST_PATH) return pathAndQuery;
    const given = new URLSearchParams(pathAndQuery.slice(queryAt + 1));
    const page = pathname.replace(DATA_SUFFIX, '') || '/';
    const reads = [...(known.find((entry) => entry.path.test(page))?.params ?? []), ...(page === pathname ? [] : ['_routes'])];
    const kept = new URLSearchParams();
    for (const name of reads) {
      let value = given.get(name);
      if (value && name === '_routes') value = routeSet(value);
      if (value) kept.set(name, value);
    }
    const search = kept.toString();
    return search ? `${pathname}?${search}` : pathname;
  };
}

/** `pathAndQuery` with only the parameters its page reads, by the site's own address book. */
export const canonicalPageAddress = pageCanonicaliser();

/** A `_routes` value in one spelling: its ids sorted, each once. */
export const routeSet = (value: string): string => [...new Set(value.split(','))].filter(Boolean).sort().join(',');

/**
 * Pages that are one visitor's and never a shared cache's (issue 39): a share link's, whose token is
 * in its address. Neither served from the page cache nor kept in it, in any spelling.
 */
const PRIVATE = pageAddresses(PAGES).filter((page) => page.private).map((page) => page.pattern.slice(1));
export const isPrivatePage = (pattern: string) => PRIVATE.some((page) => pattern === page || pattern === `:lang/${page}`);

/** The patterns of the pages that hold others (the /dailyPage shell), whose own address is an index that redirects. */
const SHELLS = new Set(PAGES.filter((page) => page.children && page.path).map((page) => page.path!));

/** The route that matched a request: React Router's pattern (`PAGE.project`) and params. */
export interface MatchedRoute {
  pattern: string;
  params: Readonly<Record<string, string | undefined>>;
}

export interface PageAddress {
  /** What the page cache keys it by: one entry per page, however the address was spelled. */
  cacheKey: string;
  /** The page's own address, when the request spelled it another way (case, percent-encoding). */
  redirectTo?: string;
  /** The 404 page: the same for every unknown address, so it is cached once. */
  notFound: boolean;
}

/**
 * The address of the page React Router matched, from its pattern and params rather than from the
 * request's spelling: route matching ignores case and decodes percent-encoding, so
 * `/DaILypaGE/PrOjeCT` and `/dai%6Cy%50age/project` are the grid, and each spelling was rendered
 * and cached anew (issue 25). A document asked for under another spelling is redirected to the
 * page's own address; data requests (the client's own, from a page's own address) are keyed by it.
 */
export function pageAddress(requestUrl: string, { pattern, params }: MatchedRoute, isLocale: (prefix: string) => boolean = () => true): PageAddress {
  const url = new URL(requestUrl);
  const data = DATA_SUFFIX.test(url.pathname);
  const suffix = data ? '.data' : '';
  // One 404 page per language (a locale's under its prefix); its data per set of routes asked for.
  const routes = data ? url.searchParams.get('_routes') : null;
  const query = routes ? `?_routes=${encodeURIComponent(routeSet(routes))}` : '';
  const lang = /^\/?:lang(\/|$)/.test(pattern) ? params.lang : undefined;
  // Under a prefix that is no locale of the studio (issue 38) every address is the source
  // language's 404: the one inside the shell (the route `*` matched) or the bare one (any other
  // route matched, its loader refusing the prefix), each cached once whatever the prefix.
  const unknownPrefix = lang !== undefined && !isLocale(lang);
  if (pattern.includes('*')) return { cacheKey: canonicalPageAddress(`${lang && !unknownPrefix ? `/${encodeURIComponent(lang.toLowerCase())}` : ''}/404${suffix}${query}`), notFound: true };
  if (unknownPrefix) return { cacheKey: `/404/bare${suffix}${query}`, notFound: true };
  // React Router joins the matched routes' paths without a leading slash (`PAGE.project` without its first `/`);
  // a locale's prefix is spelled in lower case (`/EN/login` is `/en/login`).
  const path = `/${pattern}`
    .replace(/\/+/g, '/')
    .replace(/:(\w+)\??/g, (_hole, name: string) => encodeURIComponent(name === 'lang' ? (params[name] ?? '').toLowerCase() : (params[name] ?? '')));
  // A trailing slash is another spelling too: the page is drawn from the address asked for (the
  // language toggle's link is made from it), so `/en/login/` cached under `/en/login` gave every
  // visitor a link to `/login/` (an outside review found it). Data requests are keyed as without.
  // A shell's own address (`/dailyPage/`) is its index, which redirects by itself.
  const requested = SHELLS.has(pattern.replace(/^:lang\//, '')) ? url.pathname.replace(/(.)\/$/, '$1') : url.pathname.replace(DATA_SUFFIX, '');
  const address = canonicalPageAddress(`${path}${suffix}${url.search}`);
  if (data || requested === path) return { cacheKey: address, notFound: false };
  return { cacheKey: address, notFound: false, redirectTo: canonicalPageAddress(`${path}${url.search}`) };
}
