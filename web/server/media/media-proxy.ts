import { Readable, Transform } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { resolveRange } from './range';
import { isRead, READ_ALLOW } from '../security/request-limits';

/** Headers worth passing on from the CMS's file response. */
const FORWARDED = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'];
const YEAR = 60 * 60 * 24 * 365;
/**
 * Only pictures and videos are served from the site's origin. Anything else an editor uploads
 * (HTML, PDF, scripts) would run or be trusted as the site's own, so it is not served here.
 */
const SERVED_TYPES = /^(image\/(avif|webp|png|jpeg|gif|svg\+xml|x-icon|vnd\.microsoft\.icon|bmp|tiff)|video\/(mp4|webm|ogg|quicktime))\s*(;|$)/i;
/** Even a picture is a document when opened on its own (SVG can carry script): no script, ever. */
const MEDIA_HEADERS = {
  'content-security-policy': "default-src 'none'; sandbox",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
};

export interface MediaProxyOptions {
  /** Longest wait for the CMS's response headers. */
  headersTimeoutMs?: number;
  /** Longest gap between two pieces of the body before the transfer is given up. */
  idleTimeoutMs?: number;
  fetchImpl?: typeof fetch;
  /** Where failed transfers are logged (default: the console). */
  log?: { warn(line: string): void; error(line: string): void };
}

class IdleTimeout extends Error {
  override name = 'IdleTimeout';
}

/** Passes chunks on, and fails when none arrived for `ms` (a stalled upstream). */
function idleGuard(ms: number): Transform {
  const guard: Transform = new Transform({
    transform(chunk, _encoding, done) {
      timer.refresh();
      done(null, chunk);
    },
    flush(done) {
      clearTimeout(timer);
      done();
    },
    destroy(error, done) {
      clearTimeout(timer);
      done(error);
    },
  });
  const timer = setTimeout(() => guard.destroy(new IdleTimeout(`no data for ${ms} ms`)), ms);
  return guard;
}

const sendError = (res: Response, status: number, error: string) => {
  if (!res.headersSent) res.status(status).set('cache-control', 'no-store').json({ error });
};

export interface MediaSource {
  /** The upstream address of an upload's key (what follows /uploads/). */
  url(key: string): string;
  /** Headers every upstream request carries (the site's secret, for private files). */
  headers?: Record<string, string>;
  /** How browsers and shared caches may keep the answer. */
  cacheControl: string;
}

/**
 * An upload's key, decoded, from a path ending in `/uploads/<key>`, or null when the path is no
 * upload's: every spelling of a name (`%61.jpg`, `a.jpg`) is the same key, so a private file is
 * refused however it is spelled.
 */
export function uploadKey(path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const at = path.indexOf('/uploads/');
  if (at < 0 || decoded.includes('..') || decoded.includes('\\') || decoded.includes('\0')) return null;
  const key = decodeURIComponent(path.slice(at + '/uploads/'.length));
  // No empty segment (`/uploads//a.jpg`, `/uploads/%2Fa.jpg`): the storage would tidy it into
  // another spelling of a key, past the private list's check (Strapi never makes such keys).
  return key === '' || key.startsWith('/') || key.includes('//') ? null : key;
}

/** A key as an address's path again (each segment encoded). */
export const keyPath = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/**
 * Same-origin media: GET and HEAD under /uploads/<key> are fetched from `mediaUrl` (the CMS's
 * /uploads, or the media bucket's public URL) and streamed on, with
 * long-lived caching (Strapi gives every upload a unique hashed name). A CMS that drops or stalls
 * mid-file, or a visitor who leaves mid-download, ends that one transfer and nothing else. A file
 * only private work uses (`isPrivate`, issue 39) is a 404 here, like a missing one.
 */
export function mediaProxy(mediaUrl: string, { isPrivate, ...options }: MediaProxyOptions & { isPrivate?: (key: string) => boolean | undefined } = {}) {
  const relay = mediaRelay(options);
  const source: MediaSource = { url: (key) => `${mediaUrl}/${keyPath(key)}`, cacheControl: `public, max-age=${YEAR}, immutable` };
  return async (req: Request, res: Response) => {
    const path = req.originalUrl.split('?')[0] ?? '';
    const key = path.startsWith('/uploads/') ? uploadKey(path) : null;
    if (key === null) return refuseMedia(req, res, 400);
    if (isPrivate?.(key)) return refuseMedia(req, res, 404);
    await relay(req, res, key, source);
  };
}

/** A refused media request: 405 for a method other than GET or HEAD, else `status`. */
export function refuseMedia(req: Request, res: Response, status: 400 | 404 | 410) {
  if (!isRead(req.method)) {
    res.set('allow', READ_ALLOW).status(405).json({ error: 'Method not allowed' });
    return;
  }
  if (status === 410) {
    res.status(410).set('cache-control', 'private, no-store').type('text/plain').send('This link is no longer valid.');
    return;
  }
  sendError(res, status, status === 400 ? 'Malformed path' : 'Not found');
}

/** Streams one upload from `source` to the visitor (GET or HEAD, one Range, conditional requests). */
export function mediaRelay({ headersTimeoutMs = 10_000, idleTimeoutMs = 30_000, fetchImpl = fetch, log = console }: MediaProxyOptions = {}) {
  return async (req: Request, res: Response, key: string, source: MediaSource) => {
    if (!isRead(req.method)) return refuseMedia(req, res, 404);
    const path = `/uploads/${keyPath(key)}`;

    // The visitor leaving cancels the CMS request; the header wait has its own deadline.
    const controller = new AbortController();
    const visitorLeft = () => controller.abort(new Error('the visitor closed the connection'));
    res.once('close', visitorLeft);
    const upstreamFetch = async (method: string, headers: Record<string, string>) => {
      const timer = setTimeout(() => controller.abort(new Error(`no answer within ${headersTimeoutMs} ms`)), headersTimeoutMs);
      try {
        return await fetchImpl(source.url(key), { method, headers: { ...source.headers, ...headers }, signal: controller.signal });
      } finally {
        clearTimeout(timer);
      }
    };

    try {
      const headers: Record<string, string> = {};
      for (const name of ['if-none-match', 'if-modified-since']) {
        const value = req.get(name);
        if (value) headers[name] = value;
      }
      const range = req.get('range');
      if (range) {
        // The CMS answers impossible ranges with a broken response: check them against the size.
        const head = await upstreamFetch('HEAD', {});
        const size = Number(head.headers.get('content-length'));
        if (head.ok && Number.isFinite(size)) {
          const verdict = resolveRange(range, size);
          if (verdict.kind === 'unsatisfiable') {
            res.status(416).set({ 'content-range': `bytes */${size}`, 'cache-control': 'no-store' }).end();
            return;
          }
          if (verdict.kind === 'range') headers.range = `bytes=${verdict.start}-${verdict.end}`;
        }
      }

      const upstream = await upstreamFetch(req.method, headers);
      const type = upstream.headers.get('content-type') ?? '';
      if (upstream.ok && !SERVED_TYPES.test(type)) {
        await upstream.body?.cancel();
        sendError(res, 404, 'Not found');
        return;
      }
      if (!upstream.ok && upstream.status !== 304 && upstream.status !== 206) {
        await upstream.body?.cancel();
        sendError(res, upstream.status === 404 ? 404 : 502, upstream.status === 404 ? 'Not found' : 'Media temporarily unavailable');
        return;
      }
      res.status(upstream.status).set(MEDIA_HEADERS).set('cache-control', source.cacheControl);
      for (const name of FORWARDED) {
        const value = upstream.headers.get(name);
        if (value) res.set(name, value);
      }
      if (!upstream.body || req.method === 'HEAD' || upstream.status === 304) {
        await upstream.body?.cancel();
        res.end();
        return;
      }
      await pipeline(Readable.fromWeb(upstream.body as NodeReadableStream), idleGuard(idleTimeoutMs), res);
    } catch (error) {
      if (controller.signal.aborted && res.destroyed) return; // the visitor left: nothing to tell
      const reason = error instanceof Error ? error.message : String(error);
      if (res.headersSent) {
        log.warn(`[media] ${path}: transfer ended early (${reason})`);
        res.destroy();
      } else {
        log.error(`[media] ${path}: the CMS did not deliver (${reason})`);
        sendError(res, 502, 'Media temporarily unavailable');
      }
    } finally {
      res.off('close', visitorLeft);
    }
  };
}
