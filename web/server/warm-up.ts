import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import type { Express } from 'express';

export interface WarmUpOptions {
  /** The pages to draw, as addresses from the site's root. */
  pages: readonly string[];
  /** Whether the CMS answers its health check now (asked again until it does, within the time). */
  cmsAnswers: () => Promise<boolean>;
  /** The longest the whole warm-up may take, waiting for the CMS included (0: no warm-up). */
  withinMs?: number;
  /** The pause between two asks (the CMS's health, a page still drawn without its content). */
  againMs?: number;
  /**
   * The site's public address is HTTPS: the pages are asked for as a request that came over it
   * (`req.secure`), as the front door's are, not redirected to it. Nothing else of the request
   * differs from a visitor's.
   */
  secure?: boolean;
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
 * opens. Bounded by `withinMs` in all: the CMS's health is asked for until it answers (a CMS
 * restarted with the site), then each page until it comes with its content.
 */
export async function warmUp(app: Express, { pages, cmsAnswers, withinMs = 20_000, againMs = 250, secure = false }: WarmUpOptions): Promise<WarmUpReport> {
  const started = performance.now();
  const left = () => withinMs - (performance.now() - started);
  const pause = () => new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(againMs, left()))));
  const report = (warm: string[], cold: string[], cmsAnswered: boolean): WarmUpReport => ({ warm, cold, cmsAnswered, ms: Math.round(performance.now() - started) });
  // A CMS started with the site (one systemd restart for both) answers after a few seconds.
  let cmsAnswered = false;
  while (left() > 0 && !(cmsAnswered = await cmsAnswers().catch(() => false))) await pause();
  if (!cmsAnswered) return report([], [...pages], false);
  const server = http.createServer((req, res) => {
    if (secure) Object.defineProperty(req, 'secure', { value: true });
    app(req, res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const warm: string[] = [];
  const cold: string[] = [];
  try {
    // One page at a time: the CMS is cold, and the pages share most of their calls.
    for (const page of pages) {
      for (;;) {
        if (left() <= 0) {
          cold.push(page);
          break;
        }
        const response = await fetch(`http://127.0.0.1:${port}${page}`, { headers: { 'user-agent': WARM_UP_AGENT }, redirect: 'manual', signal: AbortSignal.timeout(Math.ceil(left())) }).catch(() => undefined);
        await response?.arrayBuffer().catch(() => undefined);
        if (response?.status === 200 && !/no-store|private/.test(response.headers.get('cache-control') ?? '')) {
          warm.push(page);
          break;
        }
        // A redirect or a "not found" is the page's answer, and asking again will not change it.
        if (response && response.status >= 300 && response.status < 500) {
          cold.push(page);
          break;
        }
        await pause();
      }
    }
  } finally {
    server.closeAllConnections();
    server.close();
  }
  return report(warm, cold, true);
}
