import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerBuild } from 'react-router';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryLastGood } from '../content/last-good';
import { sampleOf } from '../../tests/support/prometheus-text';
import { serverConfig } from '../config';
import { createHttpServer } from '../http-server';
import { createLogging } from './logger';
import { createMetrics, createMetricsServer } from './metrics';

type Entry = typeof import('../entry');

// Issue 29, "an operator can watch it": the whole site (as site.test.ts builds it, with a stand-in
// CMS), its log captured and its metrics served on their own port; a few page views,
// then a scrape that must have moved.
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PROFILE = { documentId: 'p1', profileName: '替身工作室', profileDescribe: '一段替身的介绍。', profileIcon: null, awardimage: [], awardList: [] };

let vite: ViteDevServer;
let entry: Entry;
const closers: Array<() => void> = [];

/** What the stand-in CMS was asked, with the request id each call carried. */
const cmsCalls: Array<{ path: string; requestId: string | null }> = [];
const standInCms: typeof fetch = async (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  cmsCalls.push({ path: url.pathname, requestId: new Headers(init?.headers).get('x-request-id') });
  if (url.pathname === '/api/i18n/locales') return Response.json([{ code: 'zh-Hans', isDefault: true }, { code: 'en', isDefault: false }]);
  const english = url.searchParams.get('locale') === 'en';
  const answers: Record<string, unknown> = { '/api/profilelists': [PROFILE], '/api/categories': [], '/api/contact-mess': { address: '替身路 1 号' }, '/api/ui-texts': [], '/api/media-texts': [] };
  const data = english && url.pathname === '/api/contact-mess' ? undefined : answers[url.pathname];
  return new Response(JSON.stringify({ data: data ?? null }), { status: data === undefined ? 404 : 200, headers: { 'content-type': 'application/json' } });
};

/** A site with a fresh log (kept) and fresh metrics (served on their own port). */
async function startSite() {
  const lines: Array<Record<string, unknown>> = [];
  const logging = createLogging({ destination: { write: (chunk: string) => void lines.push(JSON.parse(chunk) as Record<string, unknown>) } });
  const metrics = createMetrics({ processMetrics: true });
  const { app, deepHealth } = entry.createSiteApp(serverConfig({ CMS_URL: 'http://cms.stand-in', PUBLIC_URL: 'http://studio.example' }), {
    mode: 'production',
    before: [vite.middlewares],
    build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    standIns: { fetch: standInCms, redis: null, lastGood: memoryLastGood()},
    logging,
    metrics,
  });
  const listen = async (server: ReturnType<typeof createHttpServer>) => {
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    closers.push(() => server.close());
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const site = await listen(createHttpServer(app));
  const operator = await listen(createMetricsServer(metrics.registry, { health: deepHealth }));
  const metricsUrl = `${operator}/metrics`;
  const scrape = async () => {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    return response.text();
  };
  return { site, scrape, lines, operator };
}

beforeAll(async () => {
  vite = await createServer({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false },
    appType: 'custom',
    logLevel: 'silent',
  });
  entry = (await vite.ssrLoadModule('./server/entry.ts')) as Entry;
}, 120_000);

afterAll(async () => {
  for (const close of closers) close();
  await vite?.close();
});

/** One view, read to its end. */
const view = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(url, { headers });
  await response.text();
  return response;
};

describe('an operator watching the site', () => {
  it('sees requests by route and status, page cache misses and hits and CMS calls move after a few views', async () => {
    const { site, scrape } = await startSite();
    const before = await scrape();
    const count = (text: string, name: string, labels: Record<string, string> = {}) => sampleOf(text, name, labels) ?? 0;

    // The profile page: rendered once (a miss), then served from the page cache (a hit; the
    // first render is stored a moment after it was sent, so the views go on until one is a hit).
    expect((await view(`${site}/dailyPage/profile`)).status).toBe(200);
    let profileViews = 1;
    await vi.waitFor(
      async () => {
        expect((await view(`${site}/dailyPage/profile`)).status).toBe(200);
        profileViews += 1;
        expect(count(await scrape(), 'page_cache_events_total', { result: 'hit' })).toBeGreaterThan(count(before, 'page_cache_events_total', { result: 'hit' }));
      },
      { timeout: 10_000, interval: 50 },
    );
    // An address that is no page, and the English twin.
    expect((await view(`${site}/no-such-page`)).status).toBe(404);
    expect((await view(`${site}/en/dailyPage/profile`)).status).toBe(200);

    // Counted when each answer is over, a moment after the client has it.
    await vi.waitFor(async () => {
      const after = await scrape();
      const delta = (name: string, labels: Record<string, string> = {}) => count(after, name, labels) - count(before, name, labels);
      expect(delta('http_requests_total', { method: 'GET', route: '/dailyPage/profile', status: '200' })).toBe(profileViews);
      expect(delta('http_request_duration_seconds_count', { route: '/dailyPage/profile', status: '200' })).toBe(profileViews);
      expect(delta('http_requests_total', { method: 'GET', route: 'other', status: '404' })).toBe(1);
      expect(delta('http_requests_total', { method: 'GET', route: '/:lang/dailyPage/profile', status: '200' })).toBe(1);
      // Rendered: the profile, the 404 page and the English profile; every other view was a hit,
      // or waited for the first render while it was being stored (shared).
      expect(delta('page_cache_events_total', { result: 'miss' })).toBe(3);
      expect(delta('page_cache_events_total', { result: 'hit' })).toBeGreaterThan(0);
      expect(delta('page_cache_events_total', { result: 'hit' }) + delta('page_cache_events_total', { result: 'shared' })).toBe(profileViews - 1);
      expect(delta('cms_request_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
      expect(delta('cms_request_failures_total')).toBe(0);
      expect(delta('content_cache_events_total', { result: 'miss' })).toBeGreaterThan(0);
    });
    const after = await scrape();
    expect(after).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(after).not.toMatch(/^redis_up/m); // no Redis configured: no series claiming it is down
  }, 60_000);

  it("follows one request by its id: echoed, sent on to the CMS, on each of the request's log lines", async () => {
    const { site, lines } = await startSite();
    // The landing page's images are not in the stand-in CMS (404): the loader logs the failure.
    const response = await view(`${site}/login`, { 'x-request-id': 'edge-42.a' });
    expect(response.headers.get('x-request-id')).toBe('edge-42.a');

    const calls = cmsCalls.filter((call) => call.requestId === 'edge-42.a');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.map((call) => call.path)).toContain('/api/first-page-imgs');

    await vi.waitFor(() => expect(lines.some((line) => line.reqId === 'edge-42.a' && line.msg === 'request')).toBe(true));
    const mine = lines.filter((line) => line.reqId === 'edge-42.a');
    expect(mine.find((line) => line.msg === 'request')).toMatchObject({ method: 'GET', path: '/login', route: '/login', status: 200, service: 'site' });
    expect(mine.find((line) => String(line.msg).includes('content load failed'))).toMatchObject({ level: 50, component: '/login' });
    // Only this request's lines carry its id.
    expect(lines.filter((line) => line.reqId !== 'edge-42.a' && line.reqId !== undefined).every((line) => line.path !== '/login')).toBe(true);

    // A made-up id that is not a sane token is replaced, and the CMS gets the replacement.
    const odd = await view(`${site}/dailyPage/article/nope`, { 'x-request-id': '<script>alert(1)</script>' });
    const given = odd.headers.get('x-request-id') ?? '';
    expect(given).toMatch(/^[0-9a-f-]{36}$/);
    expect(cmsCalls.some((call) => call.requestId === given)).toBe(true);
  }, 60_000);

  it('tells only the operator how the CMS and the cached content are: the public /healthz says "ok" and nothing more (issue 36)', async () => {
    const { site, operator } = await startSite();
    await view(`${site}/dailyPage/profile`);
    for (const path of ['/healthz', '/healthz?deep=1', '/healthz?deep=true&verbose']) {
      const response = await fetch(`${site}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe('ok');
    }
    const report = (await (await fetch(`${operator}/healthz`)).json()) as { cms: { reachable: boolean }; content: { cachedAnswers: number } };
    expect(report.cms.reachable).toBe(true);
    expect(report.content.cachedAnswers).toBeGreaterThan(0);
  }, 60_000);

  it('keeps one page-cache entry for every spelling of a data request’s routes, and refuses routes the page does not have (issue 36)', async () => {
    const { site, scrape } = await startSite();
    const entries = async () => sampleOf(await scrape(), 'page_cache_entries', {}) ?? 0;
    const ids = ['root', 'routes/daily-page', 'routes/profile'];
    // Every ordering of the three, then with repeats, up to 60 spellings of one set.
    let sequences: string[][] = [[]];
    const orderings: string[] = [];
    while (orderings.length < 60) {
      sequences = sequences.flatMap((sequence) => ids.map((id) => [...sequence, id]));
      for (const sequence of sequences) if (ids.every((id) => sequence.includes(id)) && orderings.length < 60) orderings.push(sequence.join(','));
    }
    expect(orderings).toHaveLength(60);
    expect((await view(`${site}/dailyPage/profile.data?_routes=${encodeURIComponent(orderings[0]!)}`)).status).toBe(200);
    await vi.waitFor(async () => expect(await entries()).toBe(1));
    for (const ordering of orderings) expect((await view(`${site}/dailyPage/profile.data?_routes=${encodeURIComponent(ordering)}`)).status, ordering).toBe(200);
    expect(await entries()).toBe(1);
    for (const bad of ['routes/project-list', 'root,nope', 'root,', '', 'root&_routes=root']) {
      expect((await view(`${site}/dailyPage/profile.data?_routes=${bad.includes('&') ? bad : encodeURIComponent(bad)}`)).status, bad).toBe(400);
    }
    expect(await entries()).toBe(1);
  }, 60_000);

  it('never serves the metrics on the public site', async () => {
    const { site, scrape } = await startSite();
    await view(`${site}/dailyPage/profile`);
    const response = await fetch(`${site}/metrics`);
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).toMatch(/<html/);
    expect(body).not.toContain('http_requests_total');
    expect(await scrape()).toContain('http_requests_total');
  }, 60_000);
});
