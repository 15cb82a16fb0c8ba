import http from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ContentCallOutcome } from '../content/content-client';
import type { ContentCacheEvent } from '../content/content-store';
import type { PageCacheEvent } from '../pages/page-cache';
import { ALLOWED_METHODS, isRead } from '../security/request-limits';
import { requestSeries } from './request-series';
import { PAGES, pageAddresses, patternSource, type PageEntry } from '~/pages';

/** The outcomes that mean the CMS failed (not the visitor, not "no such entry"). */
export const CMS_FAILURES: ReadonlySet<ContentCallOutcome> = new Set(['http_5xx', 'timeout', 'unreachable', 'invalid']);

/** A page's whole pattern as a test of a path (`:id` is one segment). */
const patternTest = (pattern: string) => new RegExp(`^${patternSource(pattern)}$`);

/** The pages of the address book (app/pages.ts), each also under a locale's prefix; `.data` for React Router's data requests. */
const pageRoutesOf = (book: readonly PageEntry[]): Array<[RegExp, string]> => pageAddresses(book).map(({ pattern }) => [patternTest(pattern), pattern]);

// Everything the server answers besides the pages, by prefix.
const SERVER_ROUTES: Array<[RegExp, string]> = [
  [/^\/healthz$/, '/healthz'],
  [/^\/uploads(\/|$)/, '/uploads'],
  [/^\/s\/[^/]+\/uploads\//, '/s/:token/uploads'],
  [/^\/_views$/, '/_views'],
  [/^\/_img(\/|$)/, '/_img'],
  [/^\/_webhooks\/content$/, '/_webhooks/content'],
  [/^\/_preview(\/|$)/, '/_preview'],
  [/^\/assets\//, '/assets'],
  [/^\/sitemap\.xml$/, '/sitemap.xml'],
  [/^\/robots\.txt$/, '/robots.txt'],
  [/^\/[^/]+\.(ico|svg|png|webmanifest|woff2?)$/, '/static'],
];

/**
 * The `route` label of a request: one of a fixed list (the pages, in Chinese and under /en, and
 * their data requests; the server's own paths; `other` for anything else, such as an unknown
 * address), never the address itself, so a crawler trying a million addresses adds no series.
 */
export function routeLabeller(book: readonly PageEntry[] = PAGES): (path: string) => string {
  const pages = pageRoutesOf(book);
  const labelOf = (path: string) => {
    for (const [pattern, label] of SERVER_ROUTES) if (pattern.test(path)) return label;
    let rest = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const data = /\.data$/.test(rest);
    if (data) rest = rest.replace(/\.data$/, '').replace(/\/_$/, '') || '/';
    let page = pages.find(([pattern]) => pattern.test(rest))?.[1];
    // Under a prefix (a locale of the studio, issue 38): labelled `/:lang…`, whichever locale it is
    // (a prefix's own home, a redirect, is `other` with every unknown one-segment address).
    const prefixed = page === undefined && /^\/[^/]+\//.test(rest);
    if (prefixed) page = pages.find(([pattern]) => pattern.test(rest.replace(/^\/[^/]+/, '')))?.[1];
    if (!page || (prefixed && page === '/')) return 'other';
    return `${prefixed ? `/:lang${page}` : page}${data ? '.data' : ''}`;
  };
  // The same few addresses come again and again: their labels are remembered, at most 500 of them
  // (the memory starts over when full, so a crawler's million addresses cost no more than that).
  const known = new Map<string, string>();
  return (path) => {
    let label = known.get(path);
    if (label === undefined) {
      if (known.size >= 500) known.clear();
      label = labelOf(path);
      known.set(path, label);
    }
    return label;
  };
}

/** The `route` label of a request, by the site's own address book. */
export const routeLabel = routeLabeller();

const methodLabel = (method: string) => ((ALLOWED_METHODS as readonly string[]).includes(method) ? method : 'other');

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The site's Prometheus metrics, in a registry of their own (a test makes a fresh one; nothing
 * is in prom-client's global registry). The parts of the site report to it through the small
 * callbacks the composition root hands them; the values read from elsewhere (the page cache,
 * Redis) are read when scraped.
 */
export function createMetrics({ registry = new Registry(), processMetrics = false }: { registry?: Registry; processMetrics?: boolean } = {}) {
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = requestSeries(registry, { bounds: SECONDS, methodLabel });
  const pageCache = eventCounter<PageCacheEvent>({
    name: 'page_cache_events_total',
    help: 'Page views by what the page cache did: hit, stale (served past its TTL while drawn again), miss (rendered), shared (waited for a render under way).',
    label: 'result',
    // Series that exist from the start, so a rate is right from the first event.
    from: ['hit', 'stale', 'miss', 'shared'],
    registers,
  });
  const contentCache = eventCounter<ContentCacheEvent>({
    name: 'content_cache_events_total',
    help: 'Reads of CMS content by what the content store did: hit, stale (served while refreshing), miss, shared, refresh, last_good (stood in for a failing CMS), refresh_failed.',
    label: 'result',
    from: ['hit', 'stale', 'miss', 'last_good'],
    registers,
  });
  const cmsSeconds = new Histogram({ name: 'cms_request_duration_seconds', help: 'Calls to the CMS by outcome, and how long each took.', labelNames: ['outcome'] as const, buckets: SECONDS, registers });
  const cmsFailures = new Counter({ name: 'cms_request_failures_total', help: 'Calls to the CMS that failed: 5xx, timeout, unreachable, invalid answer.', labelNames: ['reason'] as const, registers });

  let redisReady: (() => boolean) | undefined;
  let pageCount: (() => number) | undefined;
  return {
    registry,
    /** One request answered; `route` when the caller has it already (the access log's). */
    request({ method, path, route = routeLabel(path), status, seconds }: { method: string; path: string; route?: string; status: number; seconds: number }) {
      requests.record(method, route, status, seconds);
    },
    pageCache,
    contentCache,
    cmsCall({ outcome, seconds }: { outcome: ContentCallOutcome; seconds: number }) {
      cmsSeconds.observe({ outcome }, seconds);
      if (CMS_FAILURES.has(outcome)) cmsFailures.inc({ reason: outcome });
    },
    /** Pages kept in the page cache, read at each scrape (what fills it shows here first). */
    watchPageCache(size: () => number) {
      if (!pageCount) {
        new Gauge({
          name: 'page_cache_entries',
          help: 'Rendered pages (documents and data) kept in this instance’s page cache.',
          registers,
          collect() {
            this.set(pageCount?.() ?? 0);
          },
        });
      }
      pageCount = size;
    },
    /** 1 while the shared Redis answers, 0 while it is away; only when the site has one (REDIS_URL). */
    watchRedis(ready: () => boolean) {
      if (!redisReady) {
        new Gauge({
          name: 'redis_up',
          help: 'Whether the shared Redis is connected (1) or away (0): while away each instance serves from its own caches.',
          registers,
          collect() {
            this.set(redisReady?.() ? 1 : 0);
          },
        });
      }
      redisReady = ready;
    },
  };
}

export type SiteMetrics = ReturnType<typeof createMetrics>;

/**
 * A counter of events by one label, bumped as a plain number and handed to prom-client's Counter
 * only when scraped (its `collect`): one view of the warm grid is one page-cache event, and
 * prom-client's `inc` checks and hashes the labels on every call (issue 41, point 6).
 */
function eventCounter<Value extends string>({ name, help, label, from, registers }: { name: string; help: string; label: string; from: readonly Value[]; registers: Registry[] }): (value: Value) => void {
  const counts = new Map<Value, number>(from.map((value) => [value, 0]));
  // What prom-client has been handed: each scrape hands on the events since. A reset (the
  // registry's `resetMetrics`) zeroes prom-client's values and counts everything so far as handed,
  // so the counter starts from 0 as prom-client's own does.
  const handed = new Map<Value, number>();
  const counter = new Counter({
    name,
    help,
    labelNames: [label],
    registers,
    collect() {
      for (const [value, count] of counts) {
        this.inc({ [label]: value }, count - (handed.get(value) ?? 0));
        handed.set(value, count);
      }
    },
  });
  const reset = counter.reset.bind(counter);
  counter.reset = () => {
    reset();
    for (const [value, count] of counts) handed.set(value, count);
  };
  return (value) => void counts.set(value, (counts.get(value) ?? 0) + 1);
}

/**
 * The metrics' own HTTP server (METRICS_HOST:METRICS_PORT): `GET /metrics` in Prometheus's text
 * format, and `GET /healthz` with the deep health report (is the CMS reachable, how old is the
 * content served). Never part of the public site, whose port has neither.
 */
export function createMetricsServer(registry: Registry, { health }: { health?: () => Promise<unknown> } = {}): http.Server {
  return http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz' && health && req.method === 'GET') {
      health().then(
        (report) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(report)),
        () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('health unavailable'),
      );
      return;
    }
    if (path !== '/metrics' || !isRead(req.method ?? '')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable'),
    );
  });
}
