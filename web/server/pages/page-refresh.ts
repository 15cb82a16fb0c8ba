import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Layout } from '~/lib/document/device';

/**
 * The site's own user agent on the requests that draw a page again, one per layout (the page cache
 * keys a page by its layout, `layoutFor`; the access log shows who asked).
 */
export const REFRESH_AGENTS: Record<Layout, string> = { web: 'site-page-refresh', phone: 'site-page-refresh (Mobile Safari)' };

/** Carries the refresher's token to its private listener (and goes no further). */
const TOKEN_HEADER = 'x-page-refresh';

export interface PageRefreshOptions {
  /** The pages' TTL: a page is drawn again at most once in it, whatever its render stored. */
  ttlMs: number;
  /**
   * Drops a stored page whose render now answers another status (a project deleted without a
   * webhook: 404; another address: a redirect), so the next visitor gets that answer.
   */
  drop: (key: string) => void;
  /** The site's public address is HTTPS: asked for as a request that came over it (see `warmUp`). */
  secure?: boolean;
  /** Renders in the background at once at most (more stale views meanwhile wait for a later visitor). */
  concurrency?: number;
  /** Told when a render in the background did not end with a page (the stale one stays). */
  log?: (message: string) => void;
}

export interface PageRefresher {
  /** Whether the page under `key` may be drawn again now: not under way, not drawn in the last TTL, a render free. */
  due(key: string): boolean;
  /**
   * Draws the page at `address` (path and query) in `layout` again, if `due`; `key` is its
   * page-cache key, `status` the stored page's.
   */
  refresh(key: string, address: string, layout: Layout, status: number): void;
  /** The Express app whose pages are drawn (set once the app is made). */
  attach(app: Express): void;
  /** Renders under way (tests and the operator). */
  pending(): number;
  /** The private listener's port once it listens (tests). */
  port(): number | undefined;
  /** Stops taking renders and closes the private listener. */
  close(): Promise<void>;
}

/**
 * Stale-while-revalidate for the site's own page cache (decision 022, tenth pass). A visitor who
 * comes after a page's TTL gets the stored page at once (`cachedPages`), and the page is drawn
 * again here, in the background, through the same app over a private loopback listener (as the
 * warm-up draws its pages): the render goes through every middleware a visitor's does and is
 * stored by the root route's middleware as a visitor's would be. The request is marked on the
 * server side only (`res.locals.refreshing`): nothing a visitor sends can ask for it.
 */
export function createPageRefresher({ ttlMs, drop, secure = false, concurrency = 4, log, now = Date.now }: PageRefreshOptions & { now?: () => number }): PageRefresher {
  let app: Express | undefined;
  let listening: Promise<number> | undefined;
  let server: http.Server | undefined;
  let closed = false;
  const underWay = new Set<string>();
  // When each page was last asked for again. A render that stores nothing under the key (it
  // failed, or its page is kept under another key) leaves the page stale: without this, every
  // view of it would start another render.
  const startedAt = new Map<string, number>();
  const due = (key: string) => !closed && app !== undefined && underWay.size < concurrency && !underWay.has(key) && !(now() - (startedAt.get(key) ?? -Infinity) < ttlMs);
  // The private listener answers only this process's own requests: another process on the
  // machine gets nothing from it (no render outside the budget, no connection held open).
  const token = randomBytes(18).toString('base64url');
  const forgetOld = () => {
    if (startedAt.size < 1_000) return;
    for (const [key, at] of startedAt) if (now() - at >= ttlMs) startedAt.delete(key);
  };

  const port = () =>
    (listening ??= (async () => {
      server = http.createServer({ requestTimeout: 35_000, headersTimeout: 5_000 }, (req, res) => {
        if (req.headers[TOKEN_HEADER] !== token) {
          res.writeHead(404, { connection: 'close' }).end();
          return;
        }
        delete req.headers[TOKEN_HEADER];
        if (secure) Object.defineProperty(req, 'secure', { value: true });
        (res as http.ServerResponse & { locals?: Record<string, unknown> }).locals = { refreshing: true };
        app!(req, res);
      });
      // Not a reason for the process to stay up.
      server.unref();
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      return (server.address() as AddressInfo).port;
    })().catch((error: unknown) => {
      listening = undefined; // asked again at the next refresh
      throw error;
    }));
  const say = (line: string) => {
    if (!closed) log?.(line);
  };

  return {
    due,
    refresh(key, address, layout, status) {
      if (!due(key)) return;
      forgetOld();
      underWay.add(key);
      startedAt.set(key, now());
      void (async () => {
        const response = await fetch(`http://127.0.0.1:${await port()}${address}`, {
          // Uncompressed: the body is only read to its end (the cache keeps its own compressed copies).
          headers: { 'user-agent': REFRESH_AGENTS[layout], 'accept-encoding': 'identity', [TOKEN_HEADER]: token },
          redirect: 'manual',
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        if (response.status >= 500 || response.status === 429 || /no-store/.test(response.headers.get('cache-control') ?? '')) {
          say(`page refresh: ${address} (${layout}) answered ${response.status} ${response.headers.get('cache-control') ?? ''}; the stored page stays`);
        } else if (response.status !== status) {
          // Its answer is another now (a 404, a redirect): the stored page goes, the next visitor gets that answer.
          drop(key);
        }
      })()
        .catch((error: unknown) => say(`page refresh: ${address} (${layout}) failed: ${error instanceof Error ? error.message : String(error)}; the stored page stays`))
        .finally(() => underWay.delete(key));
    },
    attach(express) {
      app = express;
    },
    pending: () => underWay.size,
    port: () => (server?.listening ? (server.address() as AddressInfo).port : undefined),
    async close() {
      closed = true;
      if (!server?.listening) return;
      const closing = new Promise((resolve) => server!.close(resolve));
      server.closeAllConnections();
      await closing;
    },
  };
}
