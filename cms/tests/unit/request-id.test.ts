import { Writable } from 'node:stream';
import { winston } from '@strapi/logger';
import { describe, expect, it, vi } from 'vitest';
import { loggerConfig } from '../../config/logger';
import requestIdMiddleware, { requestIdFrom } from '../../src/middlewares/request-id';

/** A Koa-like context for one request, with its headers. */
function request(path: string, headers: Record<string, string> = {}, { method = 'GET', answer = 200 } = {}) {
  const sent = new Map<string, string>();
  const ctx = {
    method,
    path,
    status: 404,
    state: {} as Record<string, unknown>,
    get: (name: string) => headers[name.toLowerCase()] ?? '',
    set: (name: string, value: string) => void sent.set(name.toLowerCase(), value),
  };
  const next = vi.fn(async () => {
    ctx.status = answer;
  });
  return { ctx, next, sent };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function middleware() {
  const lines: Array<{ message: string; meta?: Record<string, unknown> }> = [];
  const strapi = { log: { http: (message: string, meta?: Record<string, unknown>) => void lines.push({ message, meta }) } };
  return { handle: requestIdMiddleware({}, { strapi }), lines };
}

describe('the request id', () => {
  it("takes the site's id, echoes it, keeps it for the request's log lines and writes it on the request's line", async () => {
    const { handle, lines } = middleware();
    const call = request('/api/projects', { 'x-request-id': 'b6f0c1d2-site.view:7' });
    await handle(call.ctx, call.next);
    expect(call.next).toHaveBeenCalledOnce();
    expect(call.sent.get('x-request-id')).toBe('b6f0c1d2-site.view:7');
    expect(call.ctx.state.requestId).toBe('b6f0c1d2-site.view:7');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.message).toMatch(/^GET \/api\/projects \(\d+ ms\) 200 \[b6f0c1d2-site\.view:7\]$/);
    expect(lines[0]!.meta).toMatchObject({ reqId: 'b6f0c1d2-site.view:7', method: 'GET', path: '/api/projects', status: 200 });
  });

  it('makes a new id when there is none or it is not a sane token, and never logs the query string', async () => {
    const { handle, lines } = middleware();
    for (const header of [undefined, '', 'two words', '<img src=x>', 'a'.repeat(101), 'line\nbreak']) {
      const call = request('/admin/auth/reset-password', header === undefined ? {} : { 'x-request-id': header }, { method: 'POST', answer: 400 });
      await handle(call.ctx, call.next);
      expect(call.sent.get('x-request-id'), String(header)).toMatch(UUID);
      expect(call.ctx.state.requestId).toBe(call.sent.get('x-request-id'));
    }
    expect(new Set(lines.map((line) => line.meta?.reqId)).size).toBe(6);
    expect(lines.every((line) => line.message.startsWith('POST /admin/auth/reset-password ('))).toBe(true);
  });

  it('writes the line for a request that failed too', async () => {
    const { handle, lines } = middleware();
    const call = request('/api/articles', { 'x-request-id': 'req-9' });
    call.next.mockImplementationOnce(async () => {
      call.ctx.status = 500;
      throw new Error('boom');
    });
    await expect(handle(call.ctx, call.next)).rejects.toThrow('boom');
    expect(lines[0]!.message).toMatch(/ 500 \[req-9\]$/);
  });

  it('accepts the same ids as the site does', () => {
    expect(requestIdFrom('edge-42.a')).toBe('edge-42.a');
    expect(requestIdFrom('<script>')).toMatch(UUID);
  });
});

describe('the JSON log (CMS_LOG_FORMAT=json)', () => {
  it("keeps Strapi's readable lines unless asked", () => {
    expect(loggerConfig({ CMS_LOG_FORMAT: 'text' })).toEqual({});
  });

  it("writes JSON lines, each line of a request with the request's id", () => {
    const config = loggerConfig({ CMS_LOG_FORMAT: 'json' });
    const written: string[] = [];
    const stream = new Writable({ write: (chunk: Buffer, _encoding, done) => (written.push(chunk.toString()), done()) });
    const logger = winston.createLogger({ ...config, transports: [new winston.transports.Stream({ stream })] });
    let current: { state: { requestId: string } } | undefined;
    const global = globalThis as { strapi?: unknown };
    const before = global.strapi;
    global.strapi = { requestContext: { get: () => current } };
    try {
      logger.info('outside a request');
      current = { state: { requestId: 'site-req-1' } };
      logger.warn('inside one', { extra: 1 });
    } finally {
      global.strapi = before;
    }
    const lines = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ level: 'info', message: 'outside a request' });
    expect(lines[0]).not.toHaveProperty('reqId');
    expect(lines[1]).toMatchObject({ level: 'warn', message: 'inside one', reqId: 'site-req-1', extra: 1 });
    expect(typeof lines[1]!.timestamp).toBe('string');
  });
});
