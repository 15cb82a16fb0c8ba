import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createHttpServer } from './http-server';

export interface WarmUpOptions {
  /** The pages to draw, as addresses from the site's root. */
  pages: readonly string[];
  /** Whether the CMS answers at all: a CMS that refuses or hangs is not waited for. */
  cmsAnswers: () => Promise<boolean>;
  /** The longest the whole warm-up may take. */
  withinMs?: number;
  /** The pause between two draws of a page still drawn without its content. */
  againMs?: number;
}

export interface WarmUpReport {
  /** Pages drawn with their content (kept in the page cache). */
  warm: string[];
  /** Pages still drawn without it when the time was up, or all of them when the CMS did not answer. */
  cold: string[];
  cmsAnswered: boolean;
  ms: number;
}

/** The site's own user agent on its warm-up requests (in the access log). */
export const WARM_UP_AGENT = 'site-warm-up';

/**
 * Before the site takes visitors: its main pages are drawn once with their content. A CMS just
 * started answers its first calls slower than the content store's deadline, and a site with no
 * last good copy yet then draws the empty state (never cached) for its first visitors. Drawn here,
 * over a private loopback listener, each page is asked for again until it comes with its content
 * (a cacheable answer), so the content store and the page cache are warm when the real listener
 * opens. Bounded: a CMS that does not answer its health check is not waited for at all, and one
 * that answers slowly for at most `withinMs`.
 */
export async function warmUp(app: Express, { pages, cmsAnswers, withinMs = 20_000, againMs = 250 }: WarmUpOptions): Promise<WarmUpReport> {
  const started = performance.now();
  const report = (warm: string[], cold: string[], cmsAnswered: boolean): WarmUpReport => ({ warm, cold, cmsAnswered, ms: Math.round(performance.now() - started) });
  if (!(await cmsAnswers().catch(() => false))) return report([], [...pages], false);
  const server = createHttpServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const warm: string[] = [];
  const cold: string[] = [];
  try {
    // One page at a time: the CMS is cold, and the pages share most of their calls.
    for (const page of pages) {
      for (;;) {
        const left = withinMs - (performance.now() - started);
        if (left <= 0) {
          cold.push(page);
          break;
        }
        const response = await fetch(`http://127.0.0.1:${port}${page}`, { headers: { 'user-agent': WARM_UP_AGENT }, redirect: 'manual', signal: AbortSignal.timeout(Math.ceil(left)) }).catch(() => undefined);
        await response?.arrayBuffer().catch(() => undefined);
        if (response?.status === 200 && !/no-store|private/.test(response.headers.get('cache-control') ?? '')) {
          warm.push(page);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(againMs, Math.max(0, left))));
      }
    }
  } finally {
    server.closeAllConnections();
    server.close();
  }
  return report(warm, cold, true);
}
