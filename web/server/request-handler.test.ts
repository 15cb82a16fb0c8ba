import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestUrl, sendFetchResponse } from './request-handler';

let server: http.Server;
let base: string;
let cancelled = false;
let release: () => void = () => {};

/** A page that streams its shell, then the rest once the test says so (like a deferred section). */
function slowPage(): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(`<!DOCTYPE html><html><head><title>shell</title></head><body>${'<p>shell</p>'.repeat(200)}`));
      await new Promise<void>((resolve) => (release = resolve));
      controller.enqueue(encoder.encode('<p>late</p></body></html>'));
      controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}

beforeAll(async () => {
  const app = express();
  app.use(compression({ threshold: 1024 }));
  app.get('/page', (_req, res) => void sendFetchResponse(res, slowPage()));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Whether the shell arrives (decompressed) while the rest is still held back, and the whole page. */
function fetchShellFirst(encoding: string): Promise<{ shellFirst: boolean; all: string; contentEncoding?: string }> {
  return new Promise((resolve, reject) => {
    http.get(`${base}/page`, { headers: { 'accept-encoding': encoding } }, (res) => {
      const decoder = encoding === 'br' ? zlib.createBrotliDecompress() : zlib.createGunzip();
      let text = '';
      let shellFirst = false;
      const giveUp = setTimeout(() => release(), 3000); // the shell never came on its own
      decoder.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        if (!text.includes('late') && text.includes('<title>shell</title>')) {
          shellFirst = true;
          clearTimeout(giveUp);
          release();
        }
      });
      res.pipe(decoder).on('end', () => resolve({ shellFirst, all: text, contentEncoding: res.headers['content-encoding'] })).on('error', reject);
    });
  });
}

describe('streamed pages through compression', () => {
  it.each(['br', 'gzip'])('send the shell before the rest is ready (%s)', async (encoding) => {
    const { shellFirst, all, contentEncoding } = await fetchShellFirst(encoding);
    expect(contentEncoding).toBe(encoding);
    expect(shellFirst).toBe(true);
    expect(all).toMatch(/<p>late<\/p><\/body><\/html>$/);
  });

  it('stops reading the page when the visitor leaves', async () => {
    cancelled = false;
    await new Promise<void>((resolve) => {
      const request = http.get(`${base}/page`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        res.once('data', () => {
          request.destroy();
          resolve();
        });
        res.on('error', () => {});
      });
    });
    await expect.poll(() => cancelled).toBe(true);
    release();
  });
});

describe('the request URL handed to React Router', () => {
  it('keeps paths that look like another host (//x, /\\x) on this origin', () => {
    expect(requestUrl('http://site.test', '//evil.example/a?b=1').host).toBe('site.test');
    expect(requestUrl('http://site.test', '/\\evil.example/?populate=1').host).toBe('site.test');
    expect(requestUrl('http://site.test', '/dailyPage/project?category=品牌').pathname).toBe('/dailyPage/project');
  });

  it('calls a Host header no URL can carry a bad request (400), not a server error', () => {
    expect(() => requestUrl('http://a b', '/')).toThrow(expect.objectContaining({ status: 400 }));
  });
});
