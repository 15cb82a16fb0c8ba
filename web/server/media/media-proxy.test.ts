import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mediaProxy } from './media-proxy';

const BIG = 4 * 1024 * 1024;
let cms: http.Server;
let site: http.Server;
let siteUrl: string;
const seen: Array<{ method: string; url: string; range?: string }> = [];
let openUpstream = 0;

/** A stand-in for the CMS's /uploads that can also misbehave the ways a network does. */
function standInCms(req: http.IncomingMessage, res: http.ServerResponse) {
  seen.push({ method: req.method ?? '', url: req.url ?? '', range: req.headers.range });
  openUpstream += 1;
  res.once('close', () => (openUpstream -= 1));
  switch (req.url) {
    case '/uploads/cover.jpg':
      res.writeHead(req.headers.range ? 206 : 200, { 'content-type': 'image/jpeg', 'content-length': '4', etag: '"abc"', 'set-cookie': 'x=1' });
      res.end(req.method === 'HEAD' ? undefined : 'JPEG');
      return;
    case '/uploads/drops.mp4': // the CMS dies half-way through the body
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(BIG) });
      res.write(Buffer.alloc(64 * 1024));
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    case '/uploads/stalls.mp4': // the CMS stops sending and never finishes
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(BIG) });
      res.write(Buffer.alloc(64 * 1024));
      return;
    case '/uploads/big.mp4': {
      // a large file, sent in pieces for as long as somebody reads it
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(BIG) });
      if (req.method === 'HEAD') return void res.end();
      let sent = 0;
      const more = () => {
        while (sent < BIG) {
          sent += 16 * 1024;
          if (!res.write(Buffer.alloc(16 * 1024))) return void res.once('drain', more);
        }
        res.end();
      };
      more();
      return;
    }
    case '/uploads/page.html':
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<script>alert(1)</script>');
      return;
    case '/uploads/logo.svg':
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      res.end('<svg xmlns="http://www.w3.org/2000/svg"/>');
      return;
    default:
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('missing');
  }
}

beforeAll(async () => {
  cms = http.createServer(standInCms);
  await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve));
  const app = express();
  app.use('/uploads', mediaProxy(`http://127.0.0.1:${(cms.address() as AddressInfo).port}/uploads`, { idleTimeoutMs: 300, headersTimeoutMs: 1_000 }));
  app.get('/healthz', (_req, res) => void res.json({ ok: true }));
  site = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => site.once('listening', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => {
  cms.closeAllConnections();
  cms.close();
  site.close();
});
beforeEach(() => {
  // Transfers that end early are logged as warnings; nothing else may be.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

/** A request with the path exactly as written (fetch would normalise dot segments). */
const raw = (path: string, headers: http.OutgoingHttpHeaders = {}) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get(`${siteUrl}${path}`, { headers }, (res) => {
        let body = '';
        res.setEncoding('latin1');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('aborted', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });

const stillServing = async () => expect((await fetch(`${siteUrl}/healthz`)).status).toBe(200);
const until = async (condition: () => boolean, ms = 3_000) => {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
};

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

  it('sends media with a policy that lets nothing in it run, and unsniffable', async () => {
    const response = await fetch(`${siteUrl}/uploads/logo.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('does not serve uploads that are neither pictures nor videos (an HTML file would run as the site)', async () => {
    const response = await raw('/uploads/page.html');
    expect(response.status).toBe(404);
    expect(response.body).not.toContain('<script>');
  });

  it('passes HEAD and a satisfiable Range through (video seeking)', async () => {
    expect((await fetch(`${siteUrl}/uploads/cover.jpg`, { method: 'HEAD' })).status).toBe(200);
    const partial = await fetch(`${siteUrl}/uploads/cover.jpg`, { headers: { range: 'bytes=0-1' } });
    expect(partial.status).toBe(206);
    expect(seen.at(-1)?.range).toBe('bytes=0-1');
  });

  it('answers 416 with the size for a range past the end, and clamps a range that overshoots', async () => {
    const beyond = await raw('/uploads/cover.jpg', { range: 'bytes=99999999-' });
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */4');
    await raw('/uploads/cover.jpg', { range: 'bytes=1-99999999' });
    expect(seen.at(-1)?.range).toBe('bytes=1-3');
  });

  it('answers the CMS 404 without caching it', async () => {
    const response = await fetch(`${siteUrl}/uploads/none.jpg`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses other methods and paths that try to leave /uploads', async () => {
    const before = seen.length;
    expect((await fetch(`${siteUrl}/uploads/cover.jpg`, { method: 'POST' })).status).toBe(405);
    expect((await raw('/uploads/..%2F..%2Fadmin')).status).toBe(400);
    expect((await raw('/uploads/%E0%A4%A')).status).toBe(400);
    expect(seen.length).toBe(before);
  });
});

describe('when the transfer goes wrong, only that transfer ends', () => {
  it('survives a CMS that drops the connection mid-file', async () => {
    const response = await raw('/uploads/drops.mp4');
    expect(response.status).toBe(200);
    expect(response.body.length).toBeLessThan(BIG);
    await stillServing();
  });

  it('gives up on a CMS that stalls mid-file, and closes the connection to it', async () => {
    const response = await raw('/uploads/stalls.mp4');
    expect(response.body.length).toBeLessThan(BIG);
    expect(await until(() => openUpstream === 0)).toBe(true);
    await stillServing();
  });

  it('stops reading from the CMS when the visitor disconnects mid-download', async () => {
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${siteUrl}/uploads/big.mp4`, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => {});
      req.setTimeout(5_000, () => reject(new Error('no data')));
    });
    expect(await until(() => openUpstream === 0)).toBe(true);
    await stillServing();
    expect((await fetch(`${siteUrl}/uploads/cover.jpg`)).status).toBe(200);
  });

  it('answers 502 when the CMS is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = express();
    app.use('/uploads', mediaProxy('http://127.0.0.1:9/uploads'));
    const down = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => down.once('listening', resolve));
    const response = await fetch(`http://127.0.0.1:${(down.address() as AddressInfo).port}/uploads/cover.jpg`);
    expect(response.status).toBe(502);
    down.close();
  });
});
