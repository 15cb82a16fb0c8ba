import { createReadableStreamFromReadable } from '@react-router/node';
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from 'express';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { cspContext } from '~/lib/request/csp.server';
import { createRenderBudget, renderBudgetContext } from './pages/render-budget';
import { previewContext } from '~/lib/request/preview.server';
import { cspOf } from './security/security-headers';
import { allowFraming } from './preview/preview';
import { logContext, shareGrantContext, siteContext, visitorContext, type ShareGrant, type SiteServices } from '~/lib/request/site-context.server';
import { pageAddressOf } from './pages/page-requests';
import { isRead, READ_ALLOW } from './security/request-limits';
import { pageMissContext } from './pages/page-cache-middleware';
import { oncePerRequest } from './content/content-client';

/** A client error the last-resort handler answers with its status. */
const badRequest = () => Object.assign(new Error('Bad Request'), { status: 400 });

/**
 * The request's URL. Joined as text, not resolved against the origin: a path such as `//x` or
 * `/\x` would otherwise be read as another host.
 */
export function requestUrl(origin: string, pathAndQuery: string): URL {
  try {
    return new URL(`${origin}${pathAndQuery.startsWith('/') ? '' : '/'}${pathAndQuery}`);
  } catch {
    throw badRequest();
  }
}

/**
 * Turns an Express request into the Fetch Request React Router's handler takes, at the site's own
 * origin (PUBLIC_URL, else where it listens): never one assembled from the request's `Host` or
 * `X-Forwarded-*`, whose path or user part would reach the render (issue 36: `Host: site/en`
 * rendered a Chinese address in English, `Host: x@y` was a 500).
 */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, origin: string): Request {
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
  if (!isRead(req.method)) {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = 'half';
  }
  // Rendered from the page's own address: parameters no page reads (utm_*, junk) never reach it.
  return new Request(requestUrl(origin, pageAddressOf(req, res)), init);
}

const REPLACED = new Set(['content-security-policy', 'cache-control', 'x-robots-tag', 'referrer-policy']);

/** Writes a Fetch Response (status, headers, streamed body) to Express. */
export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    if (key.toLowerCase() === 'set-cookie') continue;
    // The page's own policy (a stored page's hashes), caching and referrer policy replace what the
    // middleware set for every response.
    if (REPLACED.has(key.toLowerCase())) res.setHeader(key, value);
    else res.append(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  res.flushHeaders();
  if (response.body) {
    await streamBody(response.body, res);
  } else {
    res.end();
  }
}

/**
 * Writes a streamed body as it comes. The compression middleware would otherwise hold a streamed
 * page until its end; it is flushed whenever the stream pauses (a burst of chunks written in one
 * turn is compressed together).
 */
export async function streamBody(body: ReadableStream<Uint8Array>, res: ExpressResponse): Promise<void> {
  const reader = body.getReader();
  const flushable = res as ExpressResponse & { flush?: () => void };
  let flushScheduled = false;
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  void closed.then(() => reader.cancel().catch(() => {}));
  for (;;) {
    const next = await Promise.race([reader.read(), closed.then(() => ({ done: true as const, value: undefined }))]);
    if (next.done || res.destroyed) break;
    const drained = res.write(next.value);
    if (flushable.flush && !flushScheduled) {
      flushScheduled = true;
      setImmediate(() => {
        flushScheduled = false;
        if (!res.writableEnded && !res.destroyed) flushable.flush!();
      });
    }
    if (!drained) await Promise.race([new Promise((resolve) => res.once('drain', resolve)), closed]);
  }
  if (!res.destroyed && !res.writableEnded) res.end();
}

/** Express middleware serving the React Router app (SSR pages and data requests), rendered at `origin`. */
export function reactRouterHandler(
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode: string,
  origin: string,
  services?: SiteServices,
  renders: (client: string) => boolean = createRenderBudget(),
) {
  const handle = createRequestHandler(build, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    // The site's pages have no actions: anything but reading them is a 405, never a rendered page.
    if (!isRead(req.method)) {
      res.set('allow', READ_ALLOW).set('cache-control', 'no-store').status(405).type('text/plain').send('Method Not Allowed');
      return;
    }
    try {
      const context = new RouterContextProvider();
      // Each content call (address and schema) is read once per request, however many loaders ask.
      if (services) context.set(siteContext, { ...services, content: oncePerRequest(services.content) });
      if (services?.log) context.set(logContext, services.log);
      context.set(cspContext, cspOf(res));
      const client = req.ip ?? 'unknown';
      // A page drawn again in the background was charged to the visitor whose view started it (cachedPages).
      context.set(renderBudgetContext, res.locals.refreshing ? () => true : () => renders(client));
      context.set(visitorContext, client);
      if (res.locals.share) context.set(shareGrantContext, res.locals.share as ShareGrant);
      if (typeof res.locals.pageMiss === 'string') context.set(pageMissContext, res.locals.pageMiss);
      const preview = res.locals.preview as { secret: string; frameAncestors: string[] } | undefined;
      if (!preview) {
        await sendFetchResponse(res, await handle(toFetchRequest(req, res, origin), context));
        return;
      }
      // A draft preview: rendered in its scope (drafts, no caches), and never stored by anyone.
      context.set(previewContext, { secret: preview.secret });
      if (services) context.set(siteContext, { ...services, content: oncePerRequest(services.content.forPreview(preview.secret)) });
      const response = await handle(toFetchRequest(req, res, origin), context);
      response.headers.set('cache-control', 'private, no-store');
      response.headers.set('x-robots-tag', 'noindex, nofollow');
      response.headers.delete('etag');
      const csp = response.headers.get('content-security-policy');
      if (csp) response.headers.set('content-security-policy', allowFraming(csp, preview.frameAncestors));
      await sendFetchResponse(res, response);
    } catch (error) {
      // A visitor who leaves mid-page ends the stream; that is not a server error worth a log line.
      if (res.destroyed || req.socket.destroyed) return;
      next(error);
    }
  };
}
