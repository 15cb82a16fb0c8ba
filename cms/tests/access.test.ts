import { describe, expect, it } from 'vitest';
import { call, dataOf } from './support/api';

const REFUSED = [401, 403, 405];
const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const COLLECTIONS = ['categories', 'projects', 'articles', 'profilelists', 'first-page-imgs'];

describe('anonymous clients can only read', () => {
  it.each(COLLECTIONS)('refuses create, update and delete on /api/%s and changes nothing', async (collection) => {
    const before = dataOf<Array<{ documentId: string }>>(await call(`/api/${collection}`));
    const target = before[0].documentId;

    expect(REFUSED).toContain((await call(`/api/${collection}`, json('POST', { data: { projectName: 'x' } }))).status);
    expect(REFUSED).toContain((await call(`/api/${collection}/${target}`, json('PUT', { data: {} }))).status);
    expect(REFUSED).toContain((await call(`/api/${collection}/${target}`, { method: 'DELETE' })).status);

    const after = dataOf<Array<{ documentId: string }>>(await call(`/api/${collection}`));
    expect(after.map((entry) => entry.documentId)).toEqual(before.map((entry) => entry.documentId));
  });

  it('refuses changing or deleting the contact info', async () => {
    expect(REFUSED).toContain((await call('/api/contact-mess', json('PUT', { data: { mail: 'evil@example.com' } }))).status);
    expect(REFUSED).toContain((await call('/api/contact-mess', { method: 'DELETE' })).status);
    expect(dataOf<{ mail: string }>(await call('/api/contact-mess')).mail).not.toBe('evil@example.com');
  });

  it('refuses uploads and listing the media library', async () => {
    const form = new FormData();
    form.append('files', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    expect(REFUSED).toContain((await call('/api/upload', { method: 'POST', body: form })).status);
    expect(REFUSED).toContain((await call('/api/upload/files')).status);
  });

  it('refuses sign-up, login and listing users', async () => {
    const account = { username: 'visitor', email: 'visitor@example.com', password: 'Visitor-123' };
    expect(REFUSED).toContain((await call('/api/auth/local/register', json('POST', account))).status);
    expect(REFUSED).toContain((await call('/api/auth/local', json('POST', { identifier: account.email, password: account.password }))).status);
    expect(REFUSED).toContain((await call('/api/users')).status);
    expect(REFUSED).toContain((await call('/api/users/me')).status);
  });
});
