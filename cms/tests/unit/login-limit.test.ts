import { describe, expect, it, vi } from 'vitest';
import loginLimit from '../../src/middlewares/login-limit';

/** A Koa-like context for one request. */
function request(path: string, { from = '127.0.0.1', method = 'POST', answer = 400 } = {}) {
  const headers = new Map<string, string>();
  const ctx = { method, path, ip: from, status: 404, body: undefined as unknown, set: (name: string, value: string) => headers.set(name, value) };
  const next = vi.fn(async () => {
    ctx.status = answer;
  });
  return { ctx, next, headers };
}

describe('the sign-in limit', () => {
  it('registers the first admin only from the CMS machine itself', async () => {
    const limit = loginLimit();
    const remote = request('/admin/register-admin', { from: '192.0.2.2', answer: 201 });
    await limit(remote.ctx, remote.next);
    expect(remote.ctx.status).toBe(403);
    expect(remote.next).not.toHaveBeenCalled();
    for (const from of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const local = request('/Admin/Register-Admin', { from, answer: 201 });
      await limit(local.ctx, local.next);
      expect(local.ctx.status, from).toBe(201);
    }
  });

  it('counts failures per address whatever the case of the path, and lets other addresses through', async () => {
    const limit = loginLimit({ max: 3 });
    for (const path of ['/admin/login', '/Admin/Login', '/ADMIN/LOGIN/']) {
      const attempt = request(path, { from: '203.0.113.5' });
      await limit(attempt.ctx, attempt.next);
      expect(attempt.ctx.status).toBe(400);
    }
    const blocked = request('/admin/login', { from: '203.0.113.5', answer: 200 });
    await limit(blocked.ctx, blocked.next);
    expect(blocked.ctx.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = request('/admin/login', { from: '203.0.113.6', answer: 200 });
    await limit(other.ctx, other.next);
    expect(other.ctx.status).toBe(200);
  });
});
