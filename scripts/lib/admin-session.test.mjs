import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../web/tests/support/cms-admin.ts';

/**
 * The admin session the end-to-end tests, the bench and the screenshots edit the CMS with. A full
 * bench run lasts longer than Strapi's admin access token (30 minutes): it failed 36 minutes in,
 * on a publish refused with 401. Here a small stand-in for Strapi's admin API lets a token expire.
 */
function fakeAdmin() {
  const state = { signIns: 0, valid: new Set(), refuseAll: false, server: /** @type {http.Server | null} */ (null) };
  state.server = http.createServer((request, response) => {
    if (request.url === '/admin/login') {
      state.signIns += 1;
      const token = `token-${state.signIns}`;
      state.valid.add(token);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { token } }));
      return;
    }
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (state.refuseAll || !state.valid.has(token)) {
      response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { status: 401 } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results: [{ by: token }] }));
  });
  return state;
}

describe('the admin session of the tests and the bench', () => {
  /** @type {ReturnType<typeof fakeAdmin>} */
  let admin;
  afterEach(() => new Promise((closed) => admin.server?.close(closed)));

  const start = async () => {
    admin = fakeAdmin();
    await new Promise((listening) => admin.server.listen(0, '127.0.0.1', listening));
    return `http://127.0.0.1:${admin.server.address().port}`;
  };

  it('signs in again once its token has expired, and the request goes through', async () => {
    const cms = await start();
    const session = await adminSession(cms);
    expect((await session.list('api::project.project')).results).toEqual([{ by: 'token-1' }]);
    // Half an hour later: Strapi no longer takes the first token.
    admin.valid.clear();
    const [first, second] = await Promise.all([session.list('api::project.project'), session.list('api::project.project')]);
    expect(first.results).toEqual([{ by: 'token-2' }]);
    expect(second.results).toEqual([{ by: 'token-2' }]);
    // One sign-in for both requests: Strapi allows an address five in five minutes.
    expect(admin.signIns).toBe(2);
    // A new session in the same process shares the fresh token.
    expect((await (await adminSession(cms)).list('api::project.project')).results).toEqual([{ by: 'token-2' }]);
    expect(admin.signIns).toBe(2);
  });

  it('names the refusal when signing in again does not help, after one more sign-in', async () => {
    const cms = await start();
    const session = await adminSession(cms);
    admin.refuseAll = true;
    await expect(session.list('api::project.project')).rejects.toThrow(/^GET \/content-manager\/collection-types\/api::project\.project\?: 401/);
    expect(admin.signIns).toBe(2);
  });
});
