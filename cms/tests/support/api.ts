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

/** An admin session token, as the admin panel gets on login. */
export async function adminJwt(base = cmsUrl()): Promise<string> {
  const login = await call(
    '/admin/login',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) },
    base,
  );
  return dataOf<{ token: string }>(login).token;
}

/** A full-access API token, made the way an editor would in the admin (login, then Settings > API tokens). */
export async function editorToken(base = cmsUrl()): Promise<string> {
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
  return dataOf<{ accessKey: string }>(created).accessKey;
}
