// The CMS as the import uses it: Strapi's REST API with a full-access API token (made by the
// studio in the admin, or for this run from the admin's own sign-in and deleted after).
import fs from 'node:fs';
import qs from 'qs';

export class CmsError extends Error {
  name = 'CmsError';
}

export function cmsClient(baseUrl, token) {
  const call = async (method, path, { query, body, form } = {}) => {
    const url = `${baseUrl}${path}${query ? `?${qs.stringify(query, { encodeValuesOnly: true })}` : ''}`;
    const answer = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: AbortSignal.timeout(form ? 30 * 60_000 : 60_000),
    });
    const text = await answer.text();
    let parsed = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    if (!answer.ok) {
      const message = parsed?.error?.message ?? String(text).slice(0, 200);
      throw new CmsError(`${method} ${path}: ${answer.status} ${message}`);
    }
    return parsed;
  };
  return {
    call,
    /** The studio's source language (the CMS's default locale). */
    async sourceLocale() {
      const locales = await call('GET', '/api/i18n/locales');
      return (locales.find((locale) => locale.isDefault) ?? locales[0]).code;
    },
    /** Uploads one file (through the CMS's upload provider: its folder or its bucket); its id. */
    async upload(file, { name, mime, caption, alternativeText }) {
      const form = new FormData();
      form.append('files', await fs.openAsBlob(file, { type: mime }), name.replace(/\//g, '--'));
      form.append('fileInfo', JSON.stringify({ name, caption, alternativeText }));
      const [uploaded] = await call('POST', '/api/upload', { form });
      return uploaded.id;
    },
    deleteFile: (id) => call('DELETE', `/api/upload/files/${id}`),
  };
}

/**
 * The token to import with: CMS_API_TOKEN as given, or, with the admin's e-mail and password, a
 * full-access token made for this run (`release` deletes it afterwards).
 */
export async function importToken(baseUrl, { apiToken, email, password }) {
  if (apiToken) return { token: apiToken, release: async () => {} };
  if (!email || !password) {
    throw new CmsError('no way to sign in: set CMS_API_TOKEN (a full-access API token: Settings → API Tokens → Create), or CMS_ADMIN_EMAIL and CMS_ADMIN_PASSWORD');
  }
  const login = await fetch(`${baseUrl}/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!login.ok) throw new CmsError(`signing in to ${baseUrl}/admin as ${email}: ${login.status} (check CMS_ADMIN_EMAIL and CMS_ADMIN_PASSWORD)`);
  const jwt = (await login.json()).data.token;
  const admin = (method, path, body) =>
    fetch(`${baseUrl}${path}`, { method, headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
  const made = await admin('POST', '/admin/api-tokens', { name: `import ${new Date().toISOString()}`, description: 'Made by npm run import for one run, deleted after it.', type: 'full-access', lifespan: 7 * 24 * 3600 * 1000 });
  if (!made.ok) throw new CmsError(`making an API token for the import: ${made.status} ${await made.text()}`);
  const { id, accessKey } = (await made.json()).data;
  return { token: accessKey, release: async () => void (await admin('DELETE', `/admin/api-tokens/${id}`)) };
}
