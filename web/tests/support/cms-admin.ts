/** The stack's CMS as an editor uses it: Strapi's own admin API, with the admin's session. */
export const E2E_ADMIN = { email: 'e2e-admin@studio.test', password: 'E2e-Admin-Password-1' };

export async function adminSession(cmsUrl: string) {
  const login = await fetch(`${cmsUrl}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (!login.ok) throw new Error(`admin login: ${login.status}`);
  const { data } = (await login.json()) as { data: { token: string } };
  const call = async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${cmsUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${data.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    call,
    /** Saves the fields and publishes, as the admin's Publish button does. */
    publish: (uid: string, documentId: string, fields: Record<string, unknown>) =>
      call('POST', `/content-manager/collection-types/${uid}/${documentId}/actions/publish`, fields),
    /** Takes the entry off the site, as the admin's Unpublish action does (the draft stays). */
    unpublish: (uid: string, documentId: string) => call('POST', `/content-manager/collection-types/${uid}/${documentId}/actions/unpublish`, {}),
    /** Saves a draft without publishing, as the admin's Save button does. */
    saveDraft: (uid: string, documentId: string, fields: Record<string, unknown>) =>
      call('PUT', `/content-manager/collection-types/${uid}/${documentId}`, fields),
  };
}
