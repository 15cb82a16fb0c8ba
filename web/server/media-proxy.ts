import { Readable } from 'node:stream';
import type { Request, Response } from 'express';

/** Headers worth passing on from the CMS's file response. */
const FORWARDED = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'];
const YEAR = 60 * 60 * 24 * 365;

/**
 * Same-origin media: GET and HEAD under /uploads/ are fetched from the CMS and streamed on, with
 * long-lived caching (Strapi gives every upload a unique hashed name). Nothing else is forwarded.
 */
export function mediaProxy(cmsUrl: string, fetchImpl: typeof fetch = fetch) {
  return async (req: Request, res: Response) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.set('allow', 'GET, HEAD').status(405).json({ error: 'Method not allowed' });
      return;
    }
    const path = req.originalUrl.split('?')[0] ?? '';
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      res.status(400).json({ error: 'Malformed path' });
      return;
    }
    if (!path.startsWith('/uploads/') || decoded.includes('..') || decoded.includes('\\')) {
      res.status(400).json({ error: 'Malformed path' });
      return;
    }
    let upstream: globalThis.Response;
    try {
      const headers: Record<string, string> = {};
      for (const name of ['range', 'if-none-match', 'if-modified-since']) {
        const value = req.get(name);
        if (value) headers[name] = value;
      }
      upstream = await fetchImpl(`${cmsUrl}${path}`, { method: req.method, headers, signal: AbortSignal.timeout(30_000) });
    } catch (error) {
      console.error(`[media] ${path}: the CMS is unreachable (${String(error)})`);
      res.status(502).json({ error: 'Media temporarily unavailable' });
      return;
    }
    res.status(upstream.status);
    for (const name of FORWARDED) {
      const value = upstream.headers.get(name);
      if (value) res.set(name, value);
    }
    if (upstream.ok || upstream.status === 304) {
      res.set('cache-control', `public, max-age=${YEAR}, immutable`);
    } else {
      res.set('cache-control', 'no-store');
    }
    if (!upstream.body || req.method === 'HEAD') {
      res.end();
      return;
    }
    Readable.fromWeb(upstream.body as import('node:stream/web').ReadableStream).pipe(res);
  };
}
