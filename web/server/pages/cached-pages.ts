import type { NextFunction, Request, Response } from 'express';
import { bodyOf, notModified, type PageCache } from '../../app/lib/page-cache/page-cache.server';
import { cachedPageHeaders, pageCacheControl, pageKey } from '../../app/lib/page-cache/page-cache-middleware.server';
import { nonceOf } from '../security/security-headers';

/**
 * The fast path for a page already rendered: answered here, before the static files and React
 * Router, from the same page cache the root route's middleware fills (it also keeps the rules of
 * what may be cached), with this response's CSP nonce put in. Under a spike most views are this
 * one memory read (and the compression after it).
 */
export function cachedPages(cache: () => PageCache, ttlS: () => number) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const page = cache().get(pageKey(req.originalUrl, req.get('user-agent')));
    if (!page) return next();
    for (const [name, value] of cachedPageHeaders(page, pageCacheControl(ttlS()))) res.setHeader(name, value);
    if (notModified(req.get('if-none-match') ?? null, page.etag)) {
      res.status(304).end();
      return;
    }
    res.status(page.status).setHeader('content-length', page.length);
    res.end(req.method === 'HEAD' ? undefined : bodyOf(page, nonceOf(res)));
  };
}
