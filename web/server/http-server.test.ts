import net from 'node:net';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer, HTTP_LIMITS, type HttpLimits } from './http-server';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(limits: HttpLimits, trustProxy: string | boolean = 'loopback') {
  const app = express();
  app.set('trust proxy', trustProxy);
  app.post('/translate', express.json(), (_req, res) => void res.json({ ok: true }));
  app.get('/', (_req, res) => void res.send('ok'));
  const server = createHttpServer(app, limits);
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  close = () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return (server.address() as AddressInfo).port;
}

/** A socket that sends `text` and reports when the server closes it, and what it answered. */
function stall(port: number, text: string) {
  const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const closed = new Promise<{ after: number; answer: string }>((resolve) => {
    const start = Date.now();
    socket.on('close', () => resolve({ after: Date.now() - start, answer }));
    socket.on('error', () => {});
  });
  return { socket, closed };
}

describe("the site's HTTP server", () => {
  it('is set like a production server: a whole request within seconds, not minutes', () => {
    expect(HTTP_LIMITS.requestTimeoutMs).toBeLessThanOrEqual(30_000);
    expect(HTTP_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(HTTP_LIMITS.requestTimeoutMs);
  });

  it('cuts off a request whose body stalls, with a 408', async () => {
    const port = await serve({ ...HTTP_LIMITS, requestTimeoutMs: 1_500, headersTimeoutMs: 1_000 });
    const { closed } = stall(port, 'POST /translate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"texts": [');
    const { after, answer } = await closed;
    expect(after).toBeLessThan(4_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('caps the connections one address may hold open, but never a trusted proxy', async () => {
    const port = await serve({ ...HTTP_LIMITS, maxConnectionsPerAddress: 3 }, false);
    const held = Array.from({ length: 3 }, () => stall(port, 'GET / HTTP/1.1\r\nHost: x\r\n'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const extra = stall(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect((await extra.closed).answer).toBe('');
    for (const { socket } of held) socket.destroy();
    await close?.();

    const proxied = await serve({ ...HTTP_LIMITS, maxConnectionsPerAddress: 3 }, 'loopback');
    const many = Array.from({ length: 5 }, () => stall(proxied, 'GET / HTTP/1.1\r\nHost: x\r\n'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const fifth = stall(proxied, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect((await fifth.closed).answer).toMatch(/^HTTP\/1\.1 200 /);
    for (const { socket } of many) socket.destroy();
  });
});
