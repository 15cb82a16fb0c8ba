import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaProxy } from './media-proxy';

let cms: http.Server;
let site: http.Server;
let siteUrl: string;
const seen: Array<{ method: string; url: string; range?: string }> = [];

beforeAll(async () => {
  // A stand-in for the CMS's static /uploads.
  cms = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', range: req.headers.range });
    if (req.url === '/uploads/cover.jpg') {
      res.writeHead(req.headers.range ? 206 : 200, { 'content-type': 'image/jpeg', 'content-length': '4', etag: '"abc"', 'set-cookie': 'x=1' });
      res.end(req.method === 'HEAD' ? undefined : 'JPEG');
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('missing');
  });
  await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve));
  const app = express();
  app.use('/uploads', mediaProxy(`http://127.0.0.1:${(cms.address() as AddressInfo).port}`));
  site = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => site.once('listening', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => {
  cms.close();
  site.close();
});

/** A request with the path exactly as written (fetch would normalise dot segments). */
const rawStatus = (path: string) =>
  new Promise<number>((resolve, reject) => {
    http.get(`${siteUrl}${path}`, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });

describe('same-origin media (/uploads/*)', () => {
  it('streams a file from the CMS with long-lived caching and its type, without CMS cookies', async () => {
    const response = await fetch(`${siteUrl}/uploads/cover.jpg`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('JPEG');
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('etag')).toBe('"abc"');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('passes HEAD and Range through (video seeking)', async () => {
    expect((await fetch(`${siteUrl}/uploads/cover.jpg`, { method: 'HEAD' })).status).toBe(200);
    const partial = await fetch(`${siteUrl}/uploads/cover.jpg`, { headers: { range: 'bytes=0-1' } });
    expect(partial.status).toBe(206);
    expect(seen.at(-1)?.range).toBe('bytes=0-1');
  });

  it('answers the CMS 404 without caching it', async () => {
    const response = await fetch(`${siteUrl}/uploads/none.jpg`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses other methods and paths that try to leave /uploads', async () => {
    const before = seen.length;
    expect((await fetch(`${siteUrl}/uploads/cover.jpg`, { method: 'POST' })).status).toBe(405);
    expect(await rawStatus('/uploads/..%2F..%2Fadmin')).toBe(400);
    expect(await rawStatus('/uploads/%E0%A4%A')).toBe(400);
    expect(seen.length).toBe(before);
  });

  it('answers 502 when the CMS is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = express();
    app.use('/uploads', mediaProxy('http://127.0.0.1:9'));
    const down = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => down.once('listening', resolve));
    const response = await fetch(`http://127.0.0.1:${(down.address() as AddressInfo).port}/uploads/cover.jpg`);
    expect(response.status).toBe(502);
    down.close();
  });
});
