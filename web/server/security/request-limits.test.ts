import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitPerClient } from './request-limits';

let base: string;
let server: http.Server;
const waiting: Array<() => void> = [];

beforeAll(async () => {
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use(limitPerClient({ max: 3 }));
  // A slow page: answered only when the test lets it go.
  app.get('/slow', (_req, res) => void waiting.push(() => res.send('done')));
  app.get('/fast', (_req, res) => void res.send('fast'));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const get = (path: string, visitor: string) => fetch(`${base}${path}`, { headers: { 'x-forwarded-for': visitor } });

describe('requests in flight per visitor (the address a trusted proxy reports)', () => {
  it('refuses a visitor holding too many with 429, and no one else', async () => {
    const held = [get('/slow', '203.0.113.1'), get('/slow', '203.0.113.1'), get('/slow', '203.0.113.1')];
    await expect.poll(() => waiting.length).toBe(3);
    const refused = await get('/fast', '203.0.113.1');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await get('/fast', '203.0.113.2')).status).toBe(200);
    for (const release of waiting.splice(0)) release();
    await Promise.all(held);
    expect((await get('/fast', '203.0.113.1')).status).toBe(200);
  });
});
