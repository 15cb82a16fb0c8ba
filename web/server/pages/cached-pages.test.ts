import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageCache } from './page-cache';
import { pageKey } from './page-cache-middleware';
import { securityHeaders } from '../security/security-headers';
import { cachedPages } from './cached-pages';

const cache = createPageCache({ ttlMs: 60_000 });
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
let base: string;
let close: () => void;
let rendered = 0;

beforeAll(async () => {
  await cache.store(pageKey('/dailyPage/project', undefined), { status: 200, headers: [['content-type', 'text/html']], body: new TextEncoder().encode('<p>web grid</p>') });
  await cache.store(pageKey('/dailyPage/project', PHONE), { status: 200, headers: [['content-type', 'text/html']], body: new TextEncoder().encode('<p>phone grid</p>') });
  await cache.store(pageKey('/dailyPage/article', undefined), {
    status: 200,
    headers: [['content-type', 'text/html']],
    body: new TextEncoder().encode('<style nonce="x">p{color:red}</style><script nonce="x">window.a=1</script><script type="application/ld+json">{}</script><script src="/assets/a.js"></script>'),
  });
  const app = express();
  app.use(securityHeaders({ mode: 'production' }));
  app.use(cachedPages({ pages: cache, pageTtlS: 60 }));
  app.use((_req, res) => {
    rendered += 1;
    res.send('rendered');
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('cached pages (the fast path)', () => {
  it('answers a rendered page from memory, by layout, with its validators', async () => {
    const web = await fetch(`${base}/dailyPage/project`);
    expect(await web.text()).toBe('<p>web grid</p>');
    expect(web.headers.get('etag')).toMatch(/^W\//);
    expect(web.headers.get('vary')).toBe('User-Agent, Accept-Encoding');
    expect(web.headers.get('cache-control')).toContain('s-maxage=60');
    expect(await (await fetch(`${base}/dailyPage/project`, { headers: { 'user-agent': PHONE } })).text()).toBe('<p>phone grid</p>');
    expect(rendered).toBe(0);
  });

  it('sends the page compressed as stored: brotli, else gzip, else as it is', async () => {
    const raw = (encoding: string) =>
      new Promise<{ encoding?: string; length: number }>((resolve, reject) => {
        http.get(`${base}/dailyPage/project`, { headers: { 'accept-encoding': encoding } }, (res) => {
          let length = 0;
          res.on('data', (chunk: Buffer) => (length += chunk.length));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], length }));
        }).on('error', reject);
      });
    expect((await raw('gzip, deflate, br')).encoding).toBe('br');
    expect((await raw('gzip')).encoding).toBe('gzip');
    expect(await raw('identity')).toEqual({ encoding: undefined, length: '<p>web grid</p>'.length });
  });

  it('sends a stored page with a policy allowing its own inline script and style by hash, and no nonce', async () => {
    const policy = (await fetch(`${base}/dailyPage/article`)).headers.get('content-security-policy') ?? '';
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(policy).toContain(`script-src 'self' ${hash('window.a=1')};`);
    expect(policy).toContain(`style-src 'self' ${hash('p{color:red}')};`);
    expect(policy).not.toContain('nonce-');
    expect(policy).not.toContain(hash('{}'));
  });

  it('answers 304 to a matching If-None-Match and no body to HEAD', async () => {
    const etag = (await fetch(`${base}/dailyPage/project`)).headers.get('etag')!;
    expect((await fetch(`${base}/dailyPage/project`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const head = await fetch(`${base}/dailyPage/project`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('leaves pages not rendered yet, and other methods, to the renderer', async () => {
    expect(await (await fetch(`${base}/dailyPage/profile`)).text()).toBe('rendered');
    expect(await (await fetch(`${base}/dailyPage/project`, { method: 'POST' })).text()).toBe('rendered');
    expect(rendered).toBe(2);
  });
});
