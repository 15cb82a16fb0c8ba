import { isPreview } from '~/lib/request/preview.server';
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { layoutFor } from '~/lib/document/device';
import { renderStateContext } from '~/lib/request/render-state.server';
import { cspContext, type ResponseCsp } from '~/lib/request/csp.server';
import { isPrivatePage, pageAddress } from './page-address';
import { mayRender } from './render-budget';
import { localeOfPrefix } from '~/lib/language/language';
import { siteLocales } from '~/lib/language/page-locale.server';
import { notModified, PAGE_STALE_S, type CachedPage, type PageCache } from './page-cache';
import { isRead } from '../security/request-limits';

/**
 * Headers a shared cache (CDN, reverse proxy) can use: browsers revalidate every time (cheap with
 * the ETag), shared caches keep a page for the TTL and may serve it stale while refreshing or
 * while the site is failing. The layout is chosen from the User-Agent, so every page varies on it
 * (docs/decisions/004-content-cache.md).
 */
export const pageCacheControl = (ttlS: number, { data = false, stale = false }: { data?: boolean; stale?: boolean } = {}) =>
  // A page's data for a client-side move (`.data`) may be kept by the browser for the TTL: what was
  // fetched ahead (on hover, in view, when idle) is then used by the click, not fetched again
  // (issue 26). A document always revalidates (cheap with the ETag). A `stale` page, served past
  // its TTL while it is drawn again (`cachedPages`), is already as old as a shared cache may keep
  // it fresh, so none keeps it as fresh; its data keeps the browser's TTL all the same (one
  // request per move, decision 022).
  `public, max-age=${data ? ttlS : 0}, s-maxage=${stale ? 0 : ttlS}, stale-while-revalidate=${PAGE_STALE_S}, stale-if-error=604800`;

/** React Router's data requests end in `.data` (`/x.data`, `/_.data` for an index or the root). */
export const isDataRequest = (pathAndSearch: string) => /\.data(\?|$)/.test(pathAndSearch);

const HOP_BY_HOP = new Set(['content-length', 'transfer-encoding', 'connection', 'etag', 'cache-control', 'vary', 'date']);

/** The cache key of a page: its layout (from the User-Agent) and its canonical address (`canonicalPageAddress`, worked out once). */
export const pageKey = (canonicalAddress: string, userAgent: string | null | undefined) => `${layoutFor(userAgent)} ${canonicalAddress}`;

/**
 * The key the server's fast path (`cached-pages.ts`) already looked up for this request and did
 * not find: the render does not look it up again (one page-cache read per request).
 */
export const pageMissContext = createContext<string | null>(null);

/** The headers a cached page is sent with. */
export function cachedPageHeaders(page: CachedPage, cacheControl: string): Array<[string, string]> {
  return [
    ...page.headers.filter(([name]) => !HOP_BY_HOP.has(name)),
    ['etag', page.etag],
    ['cache-control', cacheControl],
    ['vary', 'User-Agent, Accept-Encoding'],
  ];
}

/** A stored page, with the policy for its inline content. */
function respond(request: Request, page: CachedPage, cacheControl: string, csp: ResponseCsp): Response {
  const headers = new Headers(cachedPageHeaders(page, cacheControl));
  if (notModified(request.headers.get('if-none-match'), page.etag)) return new Response(null, { status: 304, headers });
  if (page.hashes) headers.set('content-security-policy', csp.forHashes(page.hashes));
  headers.set('content-length', String(page.body.byteLength));
  return new Response(request.method === 'HEAD' ? null : page.body, { status: page.status, headers });
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Root middleware: serves pages (documents and data) from the page cache and fills it. */
export function pageCacheMiddleware(services: (context: Readonly<RouterContextProvider>) => { pages: PageCache; pageTtlS: number }): MiddlewareFunction<Response> {
  return async ({ request, context, pattern, params }, next) => {
    context.set(renderStateContext, { degraded: false });
    // A draft preview and a share link's page are neither served from the cache nor kept in it.
    const cacheable = isRead(request.method) && !isPreview(context) && !isPrivatePage(pattern);
    if (!cacheable) return next();
    const { pages, pageTtlS } = services(context);
    // An address under a prefix names a locale of the studio, or is the one 404 page (issue 38).
    const locales = params.lang === undefined ? undefined : await siteLocales({ context, request });
    const address = pageAddress(request.url, { pattern, params }, (prefix) => !locales || Boolean(localeOfPrefix(prefix, locales)));
    if (address.redirectTo) return new Response(null, { status: 301, headers: { location: address.redirectTo, 'cache-control': pageCacheControl(pageTtlS) } });
    const control = pageCacheControl(pageTtlS, { data: isDataRequest(address.cacheKey) });
    const key = pageKey(address.cacheKey, request.headers.get('user-agent'));

    const csp = context.get(cspContext);
    const hit = context.get(pageMissContext) === key ? undefined : pages.get(key);
    if (hit) return respond(request, hit, control, csp);
    const inFlight = pages.pending(key);
    if (inFlight) {
      // Another visitor's render of this page is under way: wait for it rather than render again.
      const page = await inFlight;
      return page ? respond(request, page, control, csp) : next();
    }

    // Not cached: a render, which costs the visitor's budget of fresh renders.
    if (!mayRender(context)) return new Response('Too Many Requests', { status: 429, headers: { 'retry-after': '5', 'cache-control': 'no-store', 'content-type': 'text/plain' } });

    let finish: (page: CachedPage | undefined) => void = () => {};
    const startedIn = pages.generation();
    void pages.track(key, new Promise((resolve) => (finish = resolve)));
    let response: Response;
    try {
      response = await next();
    } catch (error) {
      finish(undefined);
      throw error;
    }
    const degraded = context.get(renderStateContext).degraded;
    const expected = address.notFound ? 404 : 200;
    if (response.status !== expected || degraded || !response.body || response.headers.has('set-cookie')) {
      finish(undefined);
      if (degraded) response.headers.set('cache-control', 'no-store');
      // An unknown id's 404 page (not kept here: every id would be an entry) says how long a
      // shared cache may keep it, as every other 404 does, rather than leave it to the cache.
      else if (response.status === 404 && !response.headers.has('cache-control')) response.headers.set('cache-control', pageCacheControl(pageTtlS));
      return response;
    }
    // The first visitor gets the page as it streams; the copy goes into the cache when complete.
    const [toVisitor, toCache] = response.body.tee();
    void collect(toCache)
      .then(async (body) => finish(await pages.store(key, { status: response.status, headers: [...response.headers], body }, startedIn)))
      .catch(() => finish(undefined));
    const headers = new Headers(response.headers);
    headers.set('cache-control', control);
    headers.set('vary', 'User-Agent, Accept-Encoding');
    return new Response(toVisitor, { status: response.status, headers });
  };
}
