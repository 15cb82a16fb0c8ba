import { inject } from 'vitest';
import { ADMIN } from './admin';

export interface ApiResponse {
  status: number;
  body: unknown;
}

export const cmsUrl = (): string => inject('cmsUrl');

/** An anonymous request, the way the site (or any visitor) calls the CMS. */
export async function call(pathAndQuery: string, init: RequestInit = {}, base = cmsUrl()): Promise<ApiResponse> {
  const response = await fetch(`${base}${pathAndQuery}`, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body };
}

export function dataOf<T = Record<string, unknown>>(response: ApiResponse): T {
  if (typeof response.body !== 'object' || response.body === null || !('data' in response.body)) {
    throw new Error(`No data in response: ${JSON.stringify(response.body).slice(0, 300)}`);
  }
  return response.body.data as T;
}

const sessions = new Map<string, Promise<string>>();

/**
 * An admin session token, as the admin panel gets on login: for the shared CMS the one the global
 * set-up made (Strapi allows five logins of one e-mail from one address in five minutes); one
 * login per file for a CMS a test starts itself.
 */
export function adminJwt(base = cmsUrl()): Promise<string> {
  if (base === cmsUrl()) return Promise.resolve(inject('adminJwt'));
  let session = sessions.get(base);
  if (!session) {
    session = call('/admin/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) }, base).then(
      (login) => dataOf<{ token: string }>(login).token,
    );
    session.catch(() => sessions.delete(base));
    sessions.set(base, session);
  }
  return session;
}

/** A full-access API token, made the way an editor would in the admin (login, then Settings > API tokens). */
export async function editorToken(base = cmsUrl()): Promise<string> {
  return (await createApiToken(base)).accessKey;
}

/** An API token that existed and was deleted in the admin (Settings > API tokens > delete). */
export async function revokedToken(base = cmsUrl()): Promise<string> {
  const { id, accessKey } = await createApiToken(base);
  const removed = await fetch(`${base}/admin/api-tokens/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${await adminJwt(base)}` } });
  if (!removed.ok) throw new Error(`could not delete API token ${id}: ${removed.status}`);
  return accessKey;
}

async function createApiToken(base: string): Promise<{ id: number; accessKey: string }> {
  const jwt = await adminJwt(base);
  const created = await call(
    '/admin/api-tokens',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: JSON.stringify({ name: `contract-${Date.now()}`, type: 'full-access', lifespan: null, description: '' }),
    },
    base,
  );
  return dataOf<{ id: number; accessKey: string }>(created);
}
