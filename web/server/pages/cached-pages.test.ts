import http from 'node:http';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageCache } from '../../app/lib/page-cache/page-cache.server';
import { pageKey } from '../../app/lib/page-cache/page-cache-middleware.server';
import { securityHeaders } from '../security/security-headers';
import { cachedPages } from './cached-pages';

const cache = createPageCache({ ttlMs: 60_000 });
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
let base: string;
let close: () => void;
let rendered = 0;
// A page as rendered with the nonce of its first response, long enough to be compressed.
const FIRST_NONCE = 'Zmlyc3QtcmVuZGVyLW5vbmNl';
const ARTICLES = `<script nonce="${FIRST_NONCE}">window.x=1</script><p>${'文章 '.repeat(400)}</p><script nonce="${FIRST_NONCE}">window.y=2</script>`;

beforeAll(async () => {
  cache.store(pageKey('/dailyPage/project', undefined), { status: 200, headers: [['content-type', 'text/html']], body: new TextEncoder().encode('<p>web grid</p>') });
  cache.store(pageKey('/dailyPage/project', PHONE), { status: 200, headers: [['content-type', 'text/html']], body: new TextEncoder().encode('<p>phone grid</p>') });
  cache.store(pageKey('/dailyPage/article', undefined), { status: 200, headers: [['content-type', 'text/html']], body: new TextEncoder().encode(ARTICLES), nonce: FIRST_NONCE });
  const app = express();
  app.use(securityHeaders({ mode: 'production' }));
  app.use(compression({ threshold: 1024 }));
  app.use(cachedPages(() => cache, () => 60));
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

  it('puts a fresh nonce, the one its CSP names, into every copy of a stored page', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const response = await fetch(`${base}/dailyPage/article`);
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
      const body = await response.text();
      expect(nonce).toBeDefined();
      expect(body.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`]);
      expect(body).not.toContain(FIRST_NONCE);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(3);
  });

  it('sends a stored page compressed: brotli, else gzip, else as it is', async () => {
    const raw = (encoding: string) =>
      new Promise<{ encoding?: string; length: number }>((resolve, reject) => {
        http.get(`${base}/dailyPage/article`, { headers: { 'accept-encoding': encoding } }, (res) => {
          let length = 0;
          res.on('data', (chunk: Buffer) => (length += chunk.length));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], length }));
        }).on('error', reject);
      });
    const plain = new TextEncoder().encode(ARTICLES).byteLength;
    const br = await raw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.length).toBeLessThan(plain / 4);
    expect((await raw('gzip')).encoding).toBe('gzip');
    expect(await raw('identity')).toEqual({ encoding: undefined, length: plain });
  });

  it('answers a revalidation with 304 and without a new CSP, which would block the kept copy', async () => {
    const etag = (await fetch(`${base}/dailyPage/article`)).headers.get('etag')!;
    const revalidated = await fetch(`${base}/dailyPage/article`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('content-security-policy')).toBeNull();
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
