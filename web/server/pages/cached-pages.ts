import type { NextFunction, Request, Response } from 'express';
import { notModified, type PageCache } from './page-cache';
import { cachedPageHeaders, isDataRequest, pageCacheControl, pageKey } from './page-cache-middleware';
import { cspOf } from '../security/security-headers';
import { pageAddressOf } from './page-requests';
import { isRead } from '../security/request-limits';
import type { PageRefresher } from './page-refresh';
import { layoutFor } from '~/lib/document/device';

/**
 * The fast path for a page already rendered: answered here, before the static files and React
 * Router, from the same page cache the root route's middleware fills (it also keeps the rules of
 * what may be cached), compressed when it was stored, with a policy allowing its inline scripts
 * and styles by hash. Under a spike most views are this one memory read.
 *
 * With `refresher`, a page older than its TTL is served the same way while it is drawn again in
 * the background (stale-while-revalidate): on a quiet site most visitors come more than a TTL
 * after the one before, and each of them would otherwise wait for a render. A publish purges the
 * cache, so what it changed is never served stale.
 */
export function cachedPages({
  pages,
  pageTtlS,
  refresher,
  renderBudget = () => true,
}: {
  pages: PageCache;
  pageTtlS: number;
  refresher?: PageRefresher;
  /** The visitor's fresh renders (the pages' own budget): a render in the background started by a view is theirs. */
  renderBudget?: (client: string) => boolean;
}) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isRead(req.method) || res.locals.preview) return next();
    const address = pageAddressOf(req, res);
    const userAgent = req.get('user-agent');
    const key = pageKey(address, userAgent);
    // The refresher's own request draws the page: it is not answered from the copy it replaces.
    let page = res.locals.refreshing ? undefined : pages.get(key);
    let stale = false;
    if (!page && refresher && !res.locals.refreshing) {
      page = pages.stale(key);
      stale = page !== undefined;
      // One render per page per TTL at most (page-refresh.ts), paid from the visitor's budget: when
      // that is spent, the stored page is served all the same.
      if (page && refresher.due(key) && renderBudget(req.ip ?? 'unknown')) refresher.refresh(key, address, layoutFor(userAgent), page.status);
    }
    if (!page) {
      // The render behind (the root route's middleware) does not look this key up again.
      res.locals.pageMiss = key;
      return next();
    }
    for (const [name, value] of cachedPageHeaders(page, pageCacheControl(pageTtlS, { data: isDataRequest(req.originalUrl), stale }))) res.setHeader(name, value);
    if (page.hashes) res.setHeader('content-security-policy', cspOf(res).forHashes(page.hashes));
    if (notModified(req.get('if-none-match') ?? null, page.etag)) {
      res.status(304).end();
      return;
    }
    // Compressed once when the page was stored; the same bytes for every visitor.
    const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : undefined;
    const body = encoding ? page.encoded[encoding] : page.body;
    if (encoding) res.setHeader('content-encoding', encoding);
    res.status(page.status).setHeader('content-length', body.byteLength);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
