import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { mediaRelay, refuseMedia, uploadKey, type MediaProxyOptions, type MediaSource } from '../media/media-proxy';
import type { Grant, ShareLinks } from './share-links';

/** A share link's addresses: its page in any language (`/s/<token>`, `/en/s/<token>`, their `.data`), its files. */
const SHARE_PAGE = /^(?:\/[^/]+)?\/s\/([^/]+?)(?:\.data)?\/?$/;
const SHARE_FILE = /^(?:\/_img\/[^/]+)?\/s\/([^/]+)\/uploads\//;

/** Whose guesses are whose: the visitor's address (behind a trusted proxy, the one it reports). */
export interface GuessLimit {
  /** Whether `client` may try another token now. */
  mayTry(client: string): boolean;
  /** `client` tried a token that opens nothing. */
  missed(client: string): void;
}

/**
 * Tokens that open nothing, per client: `burst` misses, then one per `everyMs`; a client past it
 * is answered 429 before its token is even looked up. Other clients are not affected.
 */
export function guessLimit({ burst = 10, everyMs = 30_000, now = Date.now }: { burst?: number; everyMs?: number; now?: () => number } = {}): GuessLimit {
  const clients = new Map<string, { misses: number; at: number }>();
  const current = (client: string) => {
    const time = now();
    const entry = clients.get(client);
    if (!entry) return { misses: 0, at: time };
    const forgiven = Math.floor((time - entry.at) / everyMs);
    return forgiven > 0 ? { misses: Math.max(0, entry.misses - forgiven), at: entry.at + forgiven * everyMs } : entry;
  };
  return {
    mayTry: (client) => current(client).misses < burst,
    missed(client) {
      if (clients.size > 10_000) for (const [name] of clients) if (current(name).misses === 0) clients.delete(name);
      const entry = current(client);
      clients.set(client, { misses: entry.misses + 1, at: entry.at });
    },
  };
}

const tooMany = (res: Response) =>
  void res.status(429).set({ 'retry-after': '30', 'cache-control': 'no-store' }).type('text/plain').send('Too Many Requests');

/**
 * In front of everything a share link opens (issue 39): its pages and files are never cached
 * (`private, no-store`), never indexed, and never tell another site where the visitor came from
 * (`no-referrer`: the token is in the address). The token is looked up once here
 * (`res.locals.share`); a client whose guesses open nothing is slowed to a 429.
 */
export function shareGate({ links, guesses, log = console.error }: { links: ShareLinks; guesses: GuessLimit; log?: (line: string) => void }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = (SHARE_PAGE.exec(req.path) ?? SHARE_FILE.exec(req.path))?.[1];
    if (token === undefined) return next();
    res.set({ 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex, nofollow' });
    const client = req.ip ?? 'unknown';
    if (!guesses.mayTry(client)) return tooMany(res);
    let grant: Grant;
    try {
      grant = await links.resolve(token);
    } catch (error) {
      log(`[share] a link could not be looked up: ${error instanceof Error ? error.message : String(error)}`);
      res.status(503).set('retry-after', '5').type('text/plain').send('Service Unavailable');
      return;
    }
    if (grant.state === 'unknown') {
      guesses.missed(client);
      if (!guesses.mayTry(client)) return tooMany(res);
    }
    res.locals.share = grant;
    next();
  };
}

/**
 * GET /s/<token>/uploads/<key>: a file of the item a share link shows, read from the CMS's private
 * files (the folder or the bucket), for as long as the link opens: 410 once it is revoked or
 * expired, 404 for a file it does not show.
 */
export function shareFiles({ source, ...options }: MediaProxyOptions & { source: MediaSource }): Router {
  const relay = mediaRelay(options);
  const router = express.Router();
  router.all('/s/:token/uploads/{*rest}', async (req, res) => {
    const grant = res.locals.share as Grant | undefined;
    const key = uploadKey(req.path);
    if (key === null) return refuseMedia(req, res, 400);
    if (!grant || grant.state === 'unknown') return refuseMedia(req, res, 404);
    if (grant.state === 'gone') return refuseMedia(req, res, 410);
    if (!grant.keys.has(key)) return refuseMedia(req, res, 404);
    await relay(req, res, key, source);
  });
  return router;
}
