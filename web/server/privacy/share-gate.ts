import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { mediaRelay, refuseMedia, uploadKey, type MediaProxyOptions, type MediaSource } from '../media/media-proxy';
import { shareTokenOf, type Grant, type ShareLinks } from './share-links';

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
  let tidied = 0;
  const current = (client: string) => {
    const time = now();
    const entry = clients.get(client);
    if (!entry) return { misses: 0, at: time };
    const forgiven = Math.floor((time - entry.at) / everyMs);
    return forgiven > 0 ? { misses: Math.max(0, entry.misses - forgiven), at: entry.at + forgiven * everyMs } : entry;
  };
  return {
    mayTry: (client) => current(networkOf(client)).misses < burst,
    missed(address) {
      const client = networkOf(address);
      // Forgiven clients are forgotten now and then (at most once a second), not on every miss.
      if (clients.size > 10_000 && now() - tidied > 1_000) {
        tidied = now();
        for (const [name] of clients) if (current(name).misses === 0) clients.delete(name);
      }
      const entry = current(client);
      clients.set(client, { misses: entry.misses + 1, at: entry.at });
    },
  };
}

/** Whose address it is: an IPv6 client is its /64 (one machine's share of addresses), an IPv4 one itself. */
export function networkOf(address: string): string {
  const v6 = address.replace(/^::ffff:(?=\d+\.)/, '');
  if (!v6.includes(':')) return v6;
  const [head = '', tail = ''] = v6.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = v6.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '').toLowerCase()).join(':')}::/64`;
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
    const token = shareTokenOf(req.path);
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
    // A token that opens nothing counts against its client (the next past the limit is a 429); an
    // ended link's is no guess.
    if (grant.state === 'unknown') guesses.missed(client);
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
