import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogging, lineLog, requestIdFrom, requestScope, withRequestId, type FinishedRequest } from './logger';

/** A log whose JSON lines are kept for the test to read. */
function capturedLogging(level: 'info' | 'debug' = 'info') {
  const lines: Array<Record<string, unknown>> = [];
  const logging = createLogging({ level, destination: { write: (chunk: string) => void lines.push(JSON.parse(chunk) as Record<string, unknown>) } });
  return { logging, lines };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

async function listen(app: express.Express): Promise<string> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  closers.push(() => server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the time of a line', () => {
  afterEach(() => vi.useRealTimers());

  it('is the moment it was logged, to the millisecond, in ISO 8601', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { logging, lines } = capturedLogging();
    vi.setSystemTime(new Date('2026-11-27T02:30:00.123Z'));
    logging.logger.info('first');
    logging.logger.info('same millisecond');
    vi.setSystemTime(new Date('2026-11-27T02:30:00.124Z'));
    logging.logger.info('next millisecond');
    vi.setSystemTime(new Date('2027-01-01T00:00:00.000Z'));
    logging.logger.info('later');
    expect(lines.map((line) => line.time)).toEqual(['2026-11-27T02:30:00.123Z', '2026-11-27T02:30:00.123Z', '2026-11-27T02:30:00.124Z', '2027-01-01T00:00:00.000Z']);
  });
});

describe('request ids', () => {
  it('keeps a sane incoming id and replaces anything else with a new one', () => {
    expect(requestIdFrom('edge-7f3a.1:2_b')).toBe('edge-7f3a.1:2_b');
    for (const insane of [undefined, '', 'two words', '<script>', 'a\nb', 'x'.repeat(101), ['a', 'b']]) {
      const id = requestIdFrom(insane);
      expect(id, String(insane)).toMatch(UUID);
    }
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });

  it('sends the current id to the server a fetch calls, and nothing outside a request', async () => {
    const { logging } = capturedLogging();
    const seen: Array<string | null> = [];
    const fetchSpy: typeof fetch = async (_input, init) => {
      seen.push(new Headers(init?.headers).get('x-request-id'));
      return new Response('{}');
    };
    const cmsFetch = withRequestId(fetchSpy, logging.currentRequestId);
    await cmsFetch('http://cms.test/api/x', { headers: { accept: 'application/json' } });
    await logging.runWithRequestId('req-1', () => cmsFetch('http://cms.test/api/x', { headers: { accept: 'application/json' } }));
    expect(seen).toEqual([null, 'req-1']);
  });
});

describe('the request scope', () => {
  it('echoes the id, puts it on every line the request writes, and writes one access line when it is over', async () => {
    const { logging, lines } = capturedLogging();
    const finished: FinishedRequest[] = [];
    const app = express();
    app.use(requestScope(logging, { onFinish: (request) => finished.push(request), routeOf: () => 'the-route' }));
    app.get('/work', async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      lineLog(logging.logger, 'warn')('[content] something to say');
      res.status(202).send('ok');
    });
    const base = await listen(app);

    const response = await fetch(`${base}/work?secret=do-not-log`, { headers: { 'x-request-id': 'from-the-proxy-1' } });
    expect(response.status).toBe(202);
    expect(response.headers.get('x-request-id')).toBe('from-the-proxy-1');
    await expect.poll(() => finished.length).toBe(1);

    const mine = lines.filter((line) => line.reqId === 'from-the-proxy-1');
    expect(mine.map((line) => line.msg)).toEqual(['[content] something to say', 'request']);
    expect(mine[0]).toMatchObject({ level: 40, component: 'content', service: 'site' });
    expect(mine[1]).toMatchObject({ level: 30, method: 'GET', path: '/work', route: 'the-route', status: 202 });
    expect(mine[1]!.ms).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(lines)).not.toContain('do-not-log');
    expect(finished[0]).toMatchObject({ reqId: 'from-the-proxy-1', method: 'GET', path: '/work', status: 202 });

    // Another request gets its own, new id; a line written outside any request has none.
    const other = await fetch(`${base}/work`, { headers: { 'x-request-id': 'no spaces allowed' } });
    expect(other.headers.get('x-request-id')).toMatch(UUID);
    logging.logger.info('between requests');
    expect(lines.find((line) => line.msg === 'between requests')).not.toHaveProperty('reqId');
  });

  it('logs the quiet paths (health checks) at debug only', async () => {
    const { logging, lines } = capturedLogging();
    const app = express();
    app.use(requestScope(logging, { quiet: (path) => path === '/healthz' }));
    app.get('/healthz', (_req, res) => void res.json({ ok: true }));
    const base = await listen(app);
    await (await fetch(`${base}/healthz`)).text();
    await (await fetch(`${base}/elsewhere`)).text();
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toMatchObject({ path: '/elsewhere', status: 404 });
  });

  it('never writes a share link’s token down, in any language or for its files (issue 39)', async () => {
    const { logging, lines } = capturedLogging();
    const app = express();
    app.use(requestScope(logging));
    const base = await listen(app);
    const token = 'K'.repeat(32);
    for (const path of [`/s/${token}`, `/en/s/${token}.data`, `/s/${token}/uploads/a.jpg`, `/_img/640/s/${token}/uploads/a.jpg`, `/S/${token}`, `/%73/${token}`, `//s//${token}`]) await (await fetch(`${base}${path}`)).text();
    await expect.poll(() => lines.length).toBe(7);
    expect(JSON.stringify(lines)).not.toContain(token);
    expect(lines.map((line) => line.path)).toEqual(['/s/:token', '/en/s/:token.data', '/s/:token/uploads/a.jpg', '/_img/640/s/:token/uploads/a.jpg', '/s/:token', '/s/:token', '/s/:token']);
  });
});
