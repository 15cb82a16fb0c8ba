/** The stack's CMS as an editor uses it: Strapi's own admin API, with the admin's session. */
export const E2E_ADMIN = { email: 'e2e-admin@studio.test', password: 'E2e-Admin-Password-1' };

/**
 * One sign-in per test worker and CMS: Strapi allows an address five sign-ins in five minutes
 * (its admin rate limit), and the specs that edit content together sign in more often than that.
 */
const tokens = new Map<string, Promise<string>>();

async function signIn(cmsUrl: string): Promise<string> {
  const login = await fetch(`${cmsUrl}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (!login.ok) throw new Error(`admin login: ${login.status}`);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

function session(cmsUrl: string, again = false): Promise<string> {
  let token = again ? undefined : tokens.get(cmsUrl);
  if (!token) {
    token = signIn(cmsUrl);
    token.catch(() => tokens.delete(cmsUrl));
    tokens.set(cmsUrl, token);
  }
  return token;
}

export async function adminSession(cmsUrl: string) {
  await session(cmsUrl);
  /**
   * A request with the admin's token. Strapi's admin access token lasts 30 minutes
   * (`admin.auth.sessions.accessTokenLifespan`), and a bench run is longer than that: a request
   * refused with 401 signs in again once, as the admin's own refresh would, and is sent again.
   */
  const authorized = async (path: string, init: RequestInit & { headers?: Record<string, string> }): Promise<Response> => {
    const send = async (token: string) => fetch(`${cmsUrl}${path}`, { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } });
    const used = await session(cmsUrl);
    const response = await send(used);
    if (response.status !== 401) return response;
    // Another request may have signed in again already; otherwise this one does.
    const current = await session(cmsUrl);
    return send(current !== used ? current : await session(cmsUrl, true));
  };
  const call = async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await authorized(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    call,
    /** Saves the fields and publishes, as the admin's Publish button does. */
    publish: (uid: string, documentId: string, fields: Record<string, unknown>, locale?: string) =>
      call('POST', `/content-manager/collection-types/${uid}/${documentId}/actions/publish${locale ? `?locale=${locale}` : ''}`, fields),
    /** An entry in one locale as the edit view reads it (its draft, with the fill's "Text by" and "Source changed"). */
    entry: <T = Record<string, unknown>>(uid: string, documentId: string, locale: string) => call<{ data: T }>('GET', `/content-manager/collection-types/${uid}/${documentId}?locale=${locale}`),
    /** Deletes an entry in every locale, as the edit view's "Delete document" does. */
    remove: (uid: string, documentId: string) => call('DELETE', `/content-manager/collection-types/${uid}/${documentId}?locale=*`),
    /** Takes the entry off the site, as the admin's Unpublish action does (the draft stays). */
    unpublish: (uid: string, documentId: string) => call('POST', `/content-manager/collection-types/${uid}/${documentId}/actions/unpublish`, {}),
    /** The URL behind the edit view's "Open preview" (Strapi's preview handler, cms/config/admin.ts). */
    previewUrl: async (uid: string, documentId: string | undefined, status: 'draft' | 'published' = 'draft') => {
      const query = new URLSearchParams({ status, ...(documentId ? { documentId } : {}) });
      const answer = await call<{ data: { url: string | null } }>('GET', `/content-manager/preview/url/${uid}?${query}`);
      return answer.data.url;
    },
    /** Creates an entry of a collection type (saved; published only for types without drafts). */
    create: <T = { data: { documentId: string } }>(uid: string, fields: Record<string, unknown>) => call<T>('POST', `/content-manager/collection-types/${uid}`, fields),
    /** Lists entries of a collection type as the admin's list view does. */
    list: <T = unknown>(uid: string, query = '') => call<{ results: T[] }>('GET', `/content-manager/collection-types/${uid}?${query}`),
    /** A single type in one locale, as the admin's edit view reads it (the draft). */
    singleType: <T = Record<string, unknown>>(uid: string, locale: string) => call<{ data: T }>('GET', `/content-manager/single-types/${uid}?locale=${locale}`),
    /** Saves a single type's fields in one locale and publishes that locale, as the admin's Publish button does. */
    publishSingle: (uid: string, locale: string, fields: Record<string, unknown>) =>
      call('POST', `/content-manager/single-types/${uid}/actions/publish?locale=${locale}`, fields),
    /** Uploads a file to the media library, as the admin's "Add new assets" does; its id. */
    upload: async (name: string, bytes: Uint8Array, type: string, fileInfo: Record<string, unknown> = {}): Promise<number> => {
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(bytes)], { type }), name);
      form.append('fileInfo', JSON.stringify({ name, alternativeText: name, ...fileInfo }));
      const response = await authorized('/upload', { method: 'POST', body: form });
      if (!response.ok) throw new Error(`upload ${name}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as Array<{ id: number }>)[0]!.id;
    },
    /** Sets a file's details in the media library (its focal point, alt text), as its edit dialog does. */
    updateFile: async (id: number, fileInfo: Record<string, unknown>) => {
      const form = new FormData();
      form.append('fileInfo', JSON.stringify(fileInfo));
      const response = await authorized(`/upload?id=${id}`, { method: 'POST', body: form });
      if (!response.ok) throw new Error(`update file ${id}: ${response.status} ${await response.text()}`);
    },
    /** Removes a file from the media library. */
    deleteFile: (id: number) => call('DELETE', `/upload/files/${id}`),
    /** Saves a draft without publishing, as the admin's Save button does. */
    saveDraft: (uid: string, documentId: string, fields: Record<string, unknown>) =>
      call('PUT', `/content-manager/collection-types/${uid}/${documentId}`, fields),
  };
}
