import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMetrics, createMetricsServer, routeLabel } from './metrics';
import { sampleOf } from '../../tests/support/prometheus-text';

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

describe('route labels', () => {
  it('name each page by its route, in the source language and under any locale’s prefix, with their data requests', () => {
    expect(routeLabel('/')).toBe('/');
    expect(routeLabel('/login')).toBe('/login');
    expect(routeLabel('/en/login')).toBe('/:lang/login');
    expect(routeLabel('/de/login')).toBe('/:lang/login');
    expect(routeLabel('/dailyPage/project')).toBe('/dailyPage/project');
    expect(routeLabel('/dailyPage/project/abc123')).toBe('/dailyPage/project/:id');
    expect(routeLabel('/en/dailyPage/article/x9')).toBe('/:lang/dailyPage/article/:id');
    expect(routeLabel('/dailyPage/profile.data')).toBe('/dailyPage/profile.data');
    expect(routeLabel('/ja/dailyPage/project/abc.data')).toBe('/:lang/dailyPage/project/:id.data');
    expect(routeLabel('/_.data')).toBe('/.data');
  });

  it("name the server's own paths by their prefix", () => {
    expect(routeLabel('/healthz')).toBe('/healthz');
    expect(routeLabel('/uploads/cover_abc.jpg')).toBe('/uploads');
    expect(routeLabel('/_img/640/uploads/cover_abc.jpg')).toBe('/_img');
    expect(routeLabel('/_webhooks/content')).toBe('/_webhooks/content');
    expect(routeLabel('/_preview/exit')).toBe('/_preview');
    expect(routeLabel('/assets/app-1234.js')).toBe('/assets');
    expect(routeLabel('/sitemap.xml')).toBe('/sitemap.xml');
    expect(routeLabel('/favicon.ico')).toBe('/static');
  });

  it('never put a share link’s token into a label (issue 39)', () => {
    const token = 'Q'.repeat(32);
    expect(routeLabel(`/s/${token}`)).toBe('/s/:token');
    expect(routeLabel(`/en/s/${token}.data`)).toBe('/:lang/s/:token.data');
    expect(routeLabel(`/s/${token}/uploads/a.jpg`)).toBe('/s/:token/uploads');
    expect(routeLabel(`/_img/640/s/${token}/uploads/a.jpg`)).toBe('/_img');
    expect(routeLabel('/_views')).toBe('/_views');
  });

  it('put every other address in one label, however many a crawler tries', () => {
    const labels = new Set(['/wp-admin', '/dailyPage/project/a/b', '/en/nothing', '/.env', '/dailyPage/unknown', '/x'.repeat(50), '/en/en/login', '/de'].map(routeLabel));
    expect([...labels]).toEqual(['other']);
    // Labels are remembered per address (at most 500): after more addresses than that, still right.
    for (let n = 0; n < 600; n += 1) expect(routeLabel(`/probe-${n}`)).toBe('other');
    expect(routeLabel('/dailyPage/project/abc123')).toBe('/dailyPage/project/:id');
    expect(routeLabel('/dailyPage/project/abc123')).toBe('/dailyPage/project/:id');
  });
});

describe('the metrics', () => {
  it('count requests, cache events and CMS calls, and read Redis when scraped', async () => {
    const metrics = createMetrics();
    metrics.request({ method: 'GET', path: '/dailyPage/project/p1', status: 200, seconds: 0.02 });
    metrics.request({ method: 'GET', path: '/dailyPage/project/p2', status: 200, seconds: 0.2 });
    metrics.request({ method: 'PROPFIND', path: '/nowhere', status: 405, seconds: 0.001 });
    metrics.pageCache('hit');
    metrics.contentCache('last_good');
    metrics.cmsCall({ outcome: 'ok', seconds: 0.01 });
    metrics.cmsCall({ outcome: 'timeout', seconds: 1.5 });
    metrics.cmsCall({ outcome: 'http_4xx', seconds: 0.01 });
    let up = true;
    metrics.watchRedis(() => up);

    const text = await metrics.registry.metrics();
    expect(sampleOf(text, 'http_requests_total', { method: 'GET', route: '/dailyPage/project/:id', status: '200' })).toBe(2);
    expect(sampleOf(text, 'http_requests_total', { method: 'other', route: 'other', status: '405' })).toBe(1);
    expect(sampleOf(text, 'http_request_duration_seconds_count', { route: '/dailyPage/project/:id', status: '200' })).toBe(2);
    expect(sampleOf(text, 'http_request_duration_seconds_bucket', { route: '/dailyPage/project/:id', status: '200', le: '0.05' })).toBe(1);
    expect(sampleOf(text, 'page_cache_events_total', { result: 'hit' })).toBe(1);
    expect(sampleOf(text, 'page_cache_events_total', { result: 'miss' })).toBe(0);
    expect(sampleOf(text, 'content_cache_events_total', { result: 'last_good' })).toBe(1);
    expect(sampleOf(text, 'cms_request_duration_seconds_count', {})).toBe(3);
    expect(sampleOf(text, 'cms_request_failures_total', {})).toBe(1);
    expect(sampleOf(text, 'cms_request_failures_total', { reason: 'timeout' })).toBe(1);
    // The site calls no translation provider (issue 38: the CMS fills the locales).
    expect(text).not.toMatch(/^translation_/m);
    expect(sampleOf(text, 'redis_up', {})).toBe(1);

    up = false;
    const later = await metrics.registry.metrics();
    expect(sampleOf(later, 'redis_up', {})).toBe(0);
    // A scrape reads the cache events, it does not take them: the same count again, then one more.
    expect(sampleOf(later, 'page_cache_events_total', { result: 'hit' })).toBe(1);
    metrics.pageCache('hit');
    metrics.pageCache('stale');
    const third = await metrics.registry.metrics();
    expect([sampleOf(third, 'page_cache_events_total', { result: 'hit' }), sampleOf(third, 'page_cache_events_total', { result: 'stale' })]).toEqual([2, 1]);
    // After a reset, only what came since (an event between the last scrape and the reset is before it).
    metrics.pageCache('hit');
    metrics.registry.resetMetrics();
    metrics.pageCache('miss');
    const reset = await metrics.registry.metrics();
    expect([sampleOf(reset, 'page_cache_events_total', { result: 'hit' }), sampleOf(reset, 'page_cache_events_total', { result: 'miss' })]).toEqual([0, 1]);
  });

  it('put each request in the first bucket at or above its time, with the sum and count, and start again when reset', async () => {
    const metrics = createMetrics();
    const series = { route: '/dailyPage/profile', status: '200' };
    for (const seconds of [0.005, 0.0051, 0.3, 12]) metrics.request({ method: 'GET', path: '/dailyPage/profile', status: 200, seconds });
    metrics.request({ method: 'HEAD', path: '/dailyPage/profile', status: 200, seconds: 0.001 });
    const text = await metrics.registry.metrics();
    const bucket = (le: string) => sampleOf(text, 'http_request_duration_seconds_bucket', { ...series, le });
    expect([bucket('0.005'), bucket('0.01'), bucket('0.25'), bucket('0.5'), bucket('10'), bucket('+Inf')]).toEqual([2, 3, 3, 4, 4, 5]);
    expect(sampleOf(text, 'http_request_duration_seconds_sum', series)).toBeCloseTo(12.3111, 6);
    expect(sampleOf(text, 'http_request_duration_seconds_count', series)).toBe(5);
    expect(sampleOf(text, 'http_requests_total', { ...series, method: 'GET' })).toBe(4);
    expect(sampleOf(text, 'http_requests_total', { ...series, method: 'HEAD' })).toBe(1);
    expect(text).toMatch(/^# TYPE http_requests_total counter$/m);
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);

    metrics.registry.resetMetrics();
    metrics.request({ method: 'GET', path: '/dailyPage/profile', status: 200, seconds: 0.02 });
    const after = await metrics.registry.metrics();
    expect(sampleOf(after, 'http_requests_total', { ...series, method: 'GET' })).toBe(1);
    expect(sampleOf(after, 'http_request_duration_seconds_count', series)).toBe(1);
  });

  it('have no redis_up without a Redis, and nothing in the global registry', async () => {
    const text = await createMetrics().registry.metrics();
    expect(text).not.toMatch(/^redis_up/m);
    const { register } = await import('prom-client');
    expect(await register.metrics()).not.toContain('http_requests_total');
  });

  it('are served on their own server: GET /metrics, nothing else', async () => {
    const metrics = createMetrics({ processMetrics: true });
    metrics.request({ method: 'GET', path: '/', status: 302, seconds: 0.003 });
    const server = createMetricsServer(metrics.registry).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    closers.push(() => server.close());
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(sampleOf(text, 'http_requests_total', { route: '/', status: '302' })).toBe(1);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);

    for (const path of ['/', '/metrics/x', '/healthz']) expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
