import type { NextFunction, Request, Response } from 'express';

/** The methods the site answers; anything else (TRACE, TRACK, PUT, CONNECT, WebDAV's) is a 405. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const;
const ALLOWED = new Set<string>(ALLOWED_METHODS);

/** What pages, media and pictures answer to: reading them. Anything else there is a 405 with this `Allow`. */
export const READ_METHODS = ['GET', 'HEAD'] as const;
export const READ_ALLOW = READ_METHODS.join(', ');
export const isRead = (method: string): boolean => (READ_METHODS as readonly string[]).includes(method);

const plain = (res: Response, status: number, text: string) => void res.status(status).type('text/plain').set('cache-control', 'no-store').send(text);

/** The site's longest addresses are a few segments deep; route matching slows with thousands. */
const MAX_PATH_LENGTH = 1_024;
const MAX_SEGMENTS = 16;

/**
 * A `Host` header as RFC 9110 7.2 allows it: a name or IPv4 address, or an IPv6 literal in
 * brackets, and an optional port. Nothing else (a path, a user part, spaces) is anyone's host.
 */
const HOST = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62})(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62}))*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;
export const isValidHost = (host: string): boolean => HOST.test(host) && Number(/:(\d+)$/.exec(host)?.[1] ?? 0) <= 65_535;

/**
 * What the site never serves, refused before anything else looks at the request:
 * - an address longer than any of the site's (1,024 characters, 16 segments): 414 (a 404 for a
 *   path of 7,000 segments took 1.8 s and held every other request);
 * - a method it does not use: 405 with `Allow` (TRACE used to reach the page handler: a 500 and a
 *   stack trace in the log); OPTIONS is answered with `Allow` alone;
 * - a request with more than one `Host` header: 400 (Node keeps the first, a proxy may have
 *   routed by another: RFC 9112 3.2 says to refuse it), or one that is no host (`x@y`,
 *   `site/en`): 400 (issue 36; none reaches a page, which is rendered at the site's own origin).
 */
export function refuseOddRequests(req: Request, res: Response, next: NextFunction) {
  if (!ALLOWED.has(req.method)) {
    res.set('allow', ALLOWED_METHODS.join(', '));
    return plain(res, 405, 'Method Not Allowed');
  }
  let hosts = 0;
  for (let index = 0; index < req.rawHeaders.length; index += 2) {
    if (req.rawHeaders[index]?.toLowerCase() === 'host') hosts += 1;
  }
  if (hosts > 1) return plain(res, 400, 'Bad Request: more than one Host header');
  const host = req.headers.host;
  if (host && !isValidHost(host)) return plain(res, 400, 'Bad Request: invalid Host header');
  const path = req.path;
  if (path.length > MAX_PATH_LENGTH || path.split('/').length - 1 > MAX_SEGMENTS) return plain(res, 414, 'URI Too Long');
  if (req.method === 'OPTIONS') {
    res.set('allow', ALLOWED_METHODS.join(', ')).set('cache-control', 'no-store').status(204).end();
    return;
  }
  next();
}

/**
 * At most `max` requests in flight per client (the visitor's address: with TRUST_PROXY, the one
 * the proxy reports). A browser on HTTP/2 behind a proxy asks for a page's pictures at once (30 and
 * more), so the default is generous; one client holding hundreds of slow requests is not a visitor.
 */
export function limitPerClient({ max = 96 }: { max?: number } = {}) {
  const inFlight = new Map<string, number>();
  return (req: Request, res: Response, next: NextFunction) => {
    const client = req.ip ?? 'unknown';
    const count = inFlight.get(client) ?? 0;
    if (count >= max) {
      res.set('retry-after', '1');
      return plain(res, 429, 'Too Many Requests');
    }
    inFlight.set(client, count + 1);
    res.once('close', () => {
      const left = (inFlight.get(client) ?? 1) - 1;
      if (left <= 0) inFlight.delete(client);
      else inFlight.set(client, left);
    });
    next();
  };
}
