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

export interface PageRefreshOptions {
  /** The site's public address is HTTPS: asked for as a request that came over it (see `warmUp`). */
  secure?: boolean;
  /** Renders in the background at once at most (more stale views meanwhile wait for a later visitor). */
  concurrency?: number;
  /** Told when a render in the background did not end with a page (the stale one stays). */
  log?: (message: string) => void;
}

export interface PageRefresher {
  /** Draws the page at `address` (path and query) in `layout` again, unless that is already under way; `key` is its page-cache key. */
  refresh(key: string, address: string, layout: Layout): void;
  /** The Express app whose pages are drawn (set once the app is made). */
  attach(app: Express): void;
  /** Renders under way (tests and the operator). */
  pending(): number;
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
export function createPageRefresher({ secure = false, concurrency = 4, log }: PageRefreshOptions = {}): PageRefresher {
  let app: Express | undefined;
  let listening: Promise<number> | undefined;
  let server: http.Server | undefined;
  let closed = false;
  const underWay = new Set<string>();

  const port = () =>
    (listening ??= (async () => {
      server = http.createServer((req, res) => {
        if (secure) Object.defineProperty(req, 'secure', { value: true });
        (res as http.ServerResponse & { locals?: Record<string, unknown> }).locals = { refreshing: true };
        app!(req, res);
      });
      // Not a reason for the process to stay up.
      server.unref();
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      return (server.address() as AddressInfo).port;
    })());

  return {
    refresh(key, address, layout) {
      if (closed || !app || underWay.has(key) || underWay.size >= concurrency) return;
      underWay.add(key);
      void (async () => {
        const response = await fetch(`http://127.0.0.1:${await port()}${address}`, {
          // Uncompressed: the body is only read to its end (the cache keeps its own compressed copies).
          headers: { 'user-agent': REFRESH_AGENTS[layout], 'accept-encoding': 'identity' },
          redirect: 'manual',
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        if (response.status >= 500 || response.status === 429 || /no-store/.test(response.headers.get('cache-control') ?? '')) {
          log?.(`page refresh: ${address} (${layout}) answered ${response.status} ${response.headers.get('cache-control') ?? ''}; the stored page stays`);
        }
      })()
        .catch((error: unknown) => log?.(`page refresh: ${address} (${layout}) failed: ${error instanceof Error ? error.message : String(error)}; the stored page stays`))
        .finally(() => underWay.delete(key));
    },
    attach(express) {
      app = express;
    },
    pending: () => underWay.size,
    async close() {
      closed = true;
      if (!server?.listening) return;
      const closing = new Promise((resolve) => server!.close(resolve));
      server.closeAllConnections();
      await closing;
    },
  };
}
