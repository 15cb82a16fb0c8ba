import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/admin';
import { cmsUrl } from './support/api';

/** POST /admin/login from another loopback address, so this test's lock-out is its own. */
function signIn(email: string, password: string, from: string, path = '/admin/login'): Promise<number> {
  const url = new URL(path, cmsUrl());
  const body = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

// Issue 25: Strapi limits sign-ins per e-mail and address, so one address could try a password
// on every account in turn.
describe('admin sign-in from one address', () => {
  it('stops an address that sprays one password across many e-mails, and no other address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 24; attempt += 1) {
      statuses.push(await signIn(`editor${attempt}@studio.test`, 'Summer-2026', '127.0.0.7'));
    }
    expect(statuses.slice(0, 20).every((status) => status === 400 || status === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
    // Locked out: even the right password from that address waits.
    expect(await signIn(ADMIN.email, ADMIN.password, '127.0.0.7')).toBe(429);
    // Strapi's router ignores case: so does the limit.
    for (const path of ['/Admin/Login', '/ADMIN/LOGIN/']) expect(await signIn(ADMIN.email, ADMIN.password, '127.0.0.7', path)).toBe(429);
    // Every other address signs in as before.
    expect(await signIn(ADMIN.email, ADMIN.password, '127.0.0.8')).toBe(200);
  });
});
