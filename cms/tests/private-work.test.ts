import { createHash } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { testPostgresUrl } from '../../scripts/lib/databases.mjs';
import { adminJwt, call, cmsUrl, dataOf, editorToken } from './support/api';

// Issue 39 at the CMS: private work is absent from every anonymous answer, its files closed where
// they are kept, share links made with a token the database cannot give away, and views counted.

interface Media {
  url: string;
  formats: Record<string, { url: string }> | null;
}
interface Project {
  documentId: string;
  projectName: string;
  images: Media[];
}

const storage = inject('cmsStorage');
const secrets = () => inject('sharedSecrets');
const site = () => ({ authorization: `Bearer ${secrets().site}` });

async function admin<T = { data: Record<string, unknown> }>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const answer = await call(path, {
    method,
    headers: { authorization: `Bearer ${await adminJwt()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return answer as { status: number; body: T };
}

const PROJECT = 'api::project.project';
const LINK = 'api::share-link.share-link';
const publish = (documentId: string, fields: Record<string, unknown>) => admin('POST', `/content-manager/collection-types/${PROJECT}/${documentId}/actions/publish?locale=zh-Hans`, fields);
const createLink = (fields: Record<string, unknown>) => admin('POST', `/content-manager/collection-types/${LINK}`, fields);
const linking = (documentId: string) => ({ connect: [{ documentId, locale: 'zh-Hans' }] });
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/s/') + 3);
const resolve = (hash: string, headers: Record<string, string> = site()) => call(`/api/share-links/resolve/${hash}`, { headers });

/** The CMS's database itself, as the seeded stack made it. */
async function withDatabase(use: (db: Knex) => Promise<void>): Promise<void> {
  const seeded = inject('cmsDatabase');
  const db: Knex = knex(
    seeded.kind === 'sqlite'
      ? { client: 'better-sqlite3', connection: { filename: seeded.file! }, useNullAsDefault: true }
      : { client: 'pg', connection: Object.assign(new URL(testPostgresUrl()), { pathname: `/${seeded.name}` }).href },
  );
  try {
    await use(db);
  } finally {
    await db.destroy();
  }
}

/** Where a visitor's browser would fetch a file straight from the storage: the bucket's URL, or the CMS's /uploads. */
const direct = (url: string) => (url.startsWith('/') ? `${cmsUrl()}${url}` : url);
const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1).split('?')[0]!;
const filesOf = (project: Project) => project.images.flatMap((image) => [image.url, ...Object.values(image.formats ?? {}).map((format) => format.url)]);

describe(`private work, files in ${storage.kind === 's3' ? 'a bucket' : 'the folder'}`, () => {
  let project: Project;
  let others: Project[];
  let privateFiles: string[];
  const links: string[] = [];
  /** The project's English rows (the machine's), draft and published. */
  const englishRows = (db: Knex) => db('projects').where({ document_id: project.documentId, locale: 'en' });

  /**
   * Hands the English back to the machine (Text by = machine) and waits until the fill has written
   * and published it: its published row carries the source's hash again.
   */
  async function machineRepublishesEnglish() {
    await withDatabase(async (db) => {
      await englishRows(db).update({ source_hash: null });
    });
    expect((await admin('PUT', `/content-manager/collection-types/${PROJECT}/${project.documentId}?locale=en`, { textBy: 'machine' })).status).toBe(200);
    await vi.waitFor(
      () =>
        withDatabase(async (db) => {
          expect(await englishRows(db).whereNotNull('published_at').whereNotNull('source_hash')).not.toHaveLength(0);
        }),
      { timeout: 90_000, interval: 500 },
    );
  }

  beforeAll(async () => {
    const all = dataOf<Project[]>(await call('/api/projects?fields[0]=projectName&populate[images][fields][0]=url&populate[images][fields][1]=formats&sort[0]=projectName:asc'));
    // A project none of whose pictures another project shows (the demo reuses its videos), one of
    // which already has its words in English (the fill makes them as it goes).
    const uses = new Map<string, number>();
    for (const entry of all) for (const url of new Set(filesOf(entry))) uses.set(url, (uses.get(url) ?? 0) + 1);
    const described = async () => JSON.stringify(await call('/api/media-texts?locale=en&fields[0]=alternativeText&populate[file][fields][0]=url'));
    const candidate = async () => {
      const texts = await described();
      return all.find((entry) => entry.images.some((image) => uses.get(image.url) === 1 && texts.includes(keyOf(image.url))));
    };
    let found: Project | undefined;
    for (const deadline = Date.now() + 60_000; !found && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 1_000))) found = await candidate();
    if (!found) throw new Error('no project with a picture of its own described in English within 60 s');
    project = found;
    others = all.filter((entry) => entry.documentId !== project.documentId);
    privateFiles = filesOf(project).filter((url) => uses.get(url) === 1);
    expect(privateFiles.length).toBeGreaterThan(1);
    expect((await publish(project.documentId, { visibility: 'private' })).status).toBe(200);
  });

  afterAll(async () => {
    for (const documentId of links) await admin('DELETE', `/content-manager/collection-types/${LINK}/${documentId}`);
    if (project) await publish(project.documentId, { visibility: 'public' });
  });

  it('is in no anonymous answer, however asked: lists, filters, ids, drafts, a bogus Authorization, other locales', async () => {
    const list = dataOf<Project[]>(await call('/api/projects?fields[0]=projectName&pagination[pageSize]=200'));
    expect(list.map((entry) => entry.documentId)).not.toContain(project.documentId);
    expect(list).toHaveLength(others.length);
    for (const query of [
      `/api/projects/${project.documentId}`,
      `/api/projects/${project.documentId}?locale=en`,
      `/api/projects/${project.documentId}?populate[images][fields][0]=url`,
      `/api/projects/${project.documentId}?filters[visibility]=private`,
    ]) {
      expect((await call(query)).status, query).toBe(404);
    }
    for (const query of [`/api/projects?filters[documentId][$eq]=${project.documentId}`, '/api/projects?filters[visibility][$eq]=private', `/api/projects?filters[$or][0][documentId]=${project.documentId}&filters[$or][1][visibility]=private`, '/api/projects?locale=en&filters[visibility]=private']) {
      expect(dataOf<unknown[]>(await call(query)), query).toEqual([]);
    }
    expect((await call(`/api/projects/${project.documentId}?status=draft`)).status).toBe(400);
    expect((await call(`/api/projects/${project.documentId}`, { headers: { authorization: 'Bearer not-a-token' } })).status).toBe(401);
    // The site's secret in the wrong header, or a wrong one in the right header, opens nothing.
    expect((await call(`/api/projects/${project.documentId}`, { headers: { 'x-site-secret': 'x'.repeat(secrets().site.length) } })).status).toBe(404);
    // Nor are its pictures' words in another language (their addresses and what they show).
    const described = JSON.stringify(await call('/api/media-texts?locale=en&fields[0]=alternativeText&populate[file][fields][0]=url'));
    for (const url of privateFiles) expect(described).not.toContain(keyOf(url));
    // The site reading a share link's item sees it (published content only).
    const shared = await call(`/api/projects/${project.documentId}?fields[0]=projectName`, { headers: { 'x-site-secret': secrets().site } });
    expect(dataOf<Project>(shared).projectName).toBe(project.projectName);
    // An editor's token is the studio's own: it still sees its work.
    const editor = await call(`/api/projects/${project.documentId}?fields[0]=projectName`, { headers: { authorization: `Bearer ${await editorToken()}` } });
    expect(editor.status).toBe(200);
  });

  it('closes its files where they are kept, and the site learns which they are; the admin still shows them', async () => {
    const listed = await call('/api/private-media', { headers: site() });
    expect(listed.status).toBe(200);
    const keys = new Set(dataOf<{ keys: string[] }>(listed).keys);
    for (const url of privateFiles) expect(keys.has(keyOf(url)), url).toBe(true);
    // A file another, public project shows stays public.
    for (const url of filesOf(project).filter((file) => !privateFiles.includes(file))) expect(keys.has(keyOf(url)), url).toBe(false);
    expect((await call('/api/private-media')).status).toBe(401);

    // Straight from the storage (the bucket's public URL, the CMS's /uploads): refused.
    const statuses = async () => new Set(await Promise.all(privateFiles.map(async (url) => (await fetch(direct(url))).status)));
    await expect.poll(statuses, { timeout: 5_000 }).toEqual(new Set([storage.kind === 's3' ? 403 : 404]));
    if (storage.kind === 'local') {
      // In any spelling the CMS's static server would tidy into the file's.
      const key = keyOf(privateFiles[0]!);
      for (const spelling of [`//uploads//${key}`, `/uploads//${key}`, `/%75ploads/${key}`, `/uploads/%2F${key}`, `/UPLOADS/${key}`]) {
        expect((await fetch(`${cmsUrl()}${spelling}`)).status, spelling).not.toBe(200);
      }
    }
    // A draft saved as public (not published) opens nothing: visitors are shown the published item.
    await admin('PUT', `/content-manager/collection-types/${PROJECT}/${project.documentId}?locale=zh-Hans`, { visibility: 'public' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await statuses()).toEqual(new Set([storage.kind === 's3' ? 403 : 404]));
    expect(new Set(dataOf<{ keys: string[] }>(await call('/api/private-media', { headers: site() })).keys)).toEqual(keys);
    await admin('POST', `/content-manager/collection-types/${PROJECT}/${project.documentId}/actions/discard?locale=zh-Hans`, {});
    // The site reads them through the CMS with its secret, a range too (a video's seek).
    const file = await fetch(`${cmsUrl()}/api/private-media/file?key=${encodeURIComponent(keyOf(privateFiles[0]!))}`, { headers: { ...site(), range: 'bytes=0-99' } });
    expect(file.status).toBe(206);
    expect((await file.arrayBuffer()).byteLength).toBe(100);
    expect((await fetch(`${cmsUrl()}/api/private-media/file?key=${encodeURIComponent(keyOf(privateFiles[0]!))}`)).status).toBe(401);
    expect((await fetch(`${cmsUrl()}/api/private-media/file?key=..%2F..%2Fpackage.json`, { headers: site() })).status).toBe(404);

    // The editor's own view signs the private files' addresses (Strapi's signed URLs), which open.
    const edit = await admin<{ data: Project }>('GET', `/content-manager/collection-types/${PROJECT}/${project.documentId}?locale=zh-Hans`);
    const shown = edit.body.data.images.find((image) => privateFiles.includes(image.url.split('?')[0]!));
    expect(shown, 'a private picture in the edit view').toBeDefined();
    expect(shown!.url).toContain('?');
    expect((await fetch(direct(shown!.url))).status).toBe(200);
  });

  it("stays private in every language when the machine's translation was copied before it became private", async () => {
    // What CI once saw on PostgreSQL: the fill copied the document's rows for its English while the
    // work was public and published that English after the studio had made it private, and the
    // publish made every language public again. The English rows, as that copy left them:
    await vi.waitFor(() => withDatabase(async (db) => expect(await englishRows(db).whereNotNull('published_at')).not.toHaveLength(0)), { timeout: 90_000, interval: 500 });
    await withDatabase(async (db) => {
      const stale = await englishRows(db).update({ visibility: 'public', source_hash: null, updated_at: new Date(Date.now() + 60_000) });
      expect(stale).toBeGreaterThan(0);
    });
    await machineRepublishesEnglish();
    for (const query of [`/api/projects/${project.documentId}`, `/api/projects/${project.documentId}?locale=en`]) expect((await call(query)).status, query).toBe(404);
    const keys = new Set(dataOf<{ keys: string[] }>(await call('/api/private-media', { headers: site() })).keys);
    for (const url of privateFiles) expect(keys.has(keyOf(url)), url).toBe(true);
  }, 150_000);

  it('makes share links whose address the admin shows, whose token the database does not hold, and refuses one that names nothing', async () => {
    const made = await createLink({ label: 'Client, contract test', project: linking(project.documentId) });
    expect(made.status).toBe(201);
    const link = made.body.data as { documentId: string; url: string; expiresAt: string; opens: number };
    links.push(link.documentId);
    expect(link.url).toMatch(/^https?:\/\/[^/]+\/s\/[A-Za-z0-9_-]{32}$/);
    expect(new Date(link.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    const token = tokenOf(link.url);
    // Read again, the address is the same; an editor cannot set it, or the opens.
    const again = await admin('PUT', `/content-manager/collection-types/${LINK}/${link.documentId}`, { label: 'Client (renamed)', url: 'https://elsewhere.example/s/x', opens: 500 });
    expect(again.body.data).toMatchObject({ url: link.url, opens: 0, label: 'Client (renamed)' });
    // Editors see the address, not what the database keeps.
    expect(again.body.data).not.toHaveProperty('tokenHash');
    expect(again.body.data).not.toHaveProperty('tokenSealed');

    // What the database keeps of it: a hash and a sealed copy, never the token.
    await withDatabase(async (db) => {
      const rows = (await db('share_links').where('document_id', link.documentId)) as Array<Record<string, unknown>>;
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(JSON.stringify(row)).not.toContain(token);
        expect(row.token_hash).toBe(hashOf(token));
      }
    });

    for (const fields of [{ label: 'Nothing at all' }, { label: 'Both', project: linking(project.documentId), article: linking('x') }]) {
      const refused = await createLink(fields);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('exactly one');
    }
    // Visitors cannot list or read share links, with or without a bogus token.
    expect((await call('/api/share-links')).status).toBe(403);
    expect((await call('/api/share-links', { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it('resolves a token for the site only, with the item and its files, until revoked, expired or deleted', async () => {
    const made = await createLink({ label: 'Resolve', project: linking(project.documentId) });
    const link = made.body.data as { documentId: string; url: string };
    links.push(link.documentId);
    const hash = hashOf(tokenOf(link.url));
    const valid = await resolve(hash);
    expect(dataOf(valid)).toMatchObject({ state: 'valid', kind: 'project', documentId: project.documentId });
    const keys = dataOf<{ keys: string[] }>(valid).keys;
    for (const url of filesOf(project)) expect(keys).toContain(keyOf(url));
    expect((await resolve(hash, {})).status).toBe(401);
    // A picture only in the item's unpublished draft is not the link's to show.
    const elsewhere = others.find((entry) => entry.images.length > 0)!;
    const draft = await admin<{ data: { images: Array<{ id: number }> } }>('GET', `/content-manager/collection-types/${PROJECT}/${project.documentId}?locale=zh-Hans`);
    const borrowed = await admin<{ data: { images: Array<{ id: number; url: string }> } }>('GET', `/content-manager/collection-types/${PROJECT}/${elsewhere.documentId}?locale=zh-Hans`);
    const extra = borrowed.body.data.images.at(-1)!;
    await admin('PUT', `/content-manager/collection-types/${PROJECT}/${project.documentId}?locale=zh-Hans`, { images: [...draft.body.data.images.map((image) => image.id), extra.id] });
    try {
      expect(dataOf<{ keys: string[] }>(await resolve(hash)).keys).not.toContain(keyOf(extra.url));
    } finally {
      await admin('POST', `/content-manager/collection-types/${PROJECT}/${project.documentId}/actions/discard?locale=zh-Hans`, {});
    }
    expect((await resolve(hashOf('not a token at all'))).status).toBe(404);
    expect((await resolve('zz')).status).toBe(404);

    await admin('PUT', `/content-manager/collection-types/${LINK}/${link.documentId}`, { revoked: true });
    expect(dataOf(await resolve(hash))).toEqual({ state: 'gone', reason: 'revoked' });

    const expiring = await createLink({ label: 'Expired', project: linking(project.documentId), expiresAt: new Date(Date.now() - 60_000).toISOString() });
    const expired = expiring.body.data as { documentId: string; url: string };
    links.push(expired.documentId);
    expect(dataOf(await resolve(hashOf(tokenOf(expired.url))))).toEqual({ state: 'gone', reason: 'expired' });

    // Deleting the entry ends the link too: "no longer valid", never "unknown" (nor a guess).
    const deleting = (await createLink({ label: 'Deleted', project: linking(project.documentId) })).body.data as { documentId: string; url: string };
    expect((await admin('DELETE', `/content-manager/collection-types/${LINK}/${deleting.documentId}`)).status).toBe(200);
    await expect.poll(async () => dataOf(await resolve(hashOf(tokenOf(deleting.url)))), { timeout: 5_000 }).toEqual({ state: 'gone', reason: 'deleted' });
  });

  it('counts the views and opens the site sends, and the admin home page’s widget reads them back', async () => {
    const link = (await createLink({ label: 'Counted', project: linking(project.documentId) })).body.data as { documentId: string; url: string };
    links.push(link.documentId);
    const [viewed] = others;
    const day = new Date().toISOString().slice(0, 10);
    const before = (await admin<{ data: { top: Array<{ documentId: string; views: number }> } }>('GET', '/admin/studio/views')).body.data;
    const had = before.top.find((page) => page.documentId === viewed!.documentId)?.views ?? 0;
    const batch = {
      views: [
        { day, type: 'project', documentId: viewed!.documentId, locale: 'zh-Hans', count: 3 },
        { day, type: 'project', documentId: viewed!.documentId, locale: 'en', count: 2 },
      ],
      opens: [{ hash: hashOf(tokenOf(link.url)), count: 4, at: new Date().toISOString() }],
    };
    const sent = await call('/api/page-views', { method: 'POST', headers: { ...site(), 'content-type': 'application/json' }, body: JSON.stringify(batch) });
    expect(sent.status).toBe(200);
    // Made-up pages and languages are dropped: the table grows with real pages only.
    const madeUp = [{ ...batch.views[0], documentId: 'noSuchProject42' }, { ...batch.views[0], locale: 'xx-Fake' }, { ...batch.views[0], type: 'article' }];
    const dropped = await call('/api/page-views', { method: 'POST', headers: { ...site(), 'content-type': 'application/json' }, body: JSON.stringify({ views: madeUp }) });
    expect(dataOf<{ views: number }>(dropped).views).toBe(0);
    // The same batch twice is counted twice (the site sends each view once).
    await call('/api/page-views', { method: 'POST', headers: { ...site(), 'content-type': 'application/json' }, body: JSON.stringify({ views: batch.views.slice(0, 1) }) });

    const summary = (await admin<{ data: { days: Array<{ day: string; views: number }>; top: Array<{ documentId: string; name: string; views: number }>; links: Array<{ label: string; opens: number; name: string }> } }>('GET', '/admin/studio/views')).body.data;
    expect(summary.days).toHaveLength(30);
    expect(summary.days.at(-1)!.day).toBe(day);
    expect(summary.top.find((page) => page.documentId === viewed!.documentId)).toMatchObject({ name: viewed!.projectName, views: had + 8 });
    expect(summary.links.find((entry) => entry.label === 'Counted')).toMatchObject({ opens: 4, name: project.projectName });
    const entry = await admin<{ data: { opens: number; lastOpenedAt: string } }>('GET', `/content-manager/collection-types/${LINK}/${link.documentId}`);
    expect(entry.body.data.opens).toBe(4);
    expect(entry.body.data.lastOpenedAt).toBeTruthy();
    // The widget's ten, or as many as asked for (up to 100); anything else is the ten.
    const top = async (query: string) => (await admin<{ data: { top: unknown[] } }>('GET', `/admin/studio/views${query}`)).body.data.top.length;
    expect(await top('?top=1')).toBe(1);
    expect(await top('?top=100')).toBeGreaterThanOrEqual(await top(''));
    expect(await top('?top=100000')).toBe(await top(''));

    // Only from the site, and only well-formed.
    expect((await call('/api/page-views', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch) })).status).toBe(401);
    for (const views of [[{ ...batch.views[0], count: -1 }], [{ ...batch.views[0], documentId: "x' OR 1=1" }], [{ ...batch.views[0], type: 'profile' }], 'nope']) {
      const refused = await call('/api/page-views', { method: 'POST', headers: { ...site(), 'content-type': 'application/json' }, body: JSON.stringify({ views }) });
      expect(refused.status, JSON.stringify(views)).toBe(400);
    }
    expect((await call('/admin/studio/views')).status).toBe(401);
  });

  it('opens its files again once the project is public', async () => {
    expect((await publish(project.documentId, { visibility: 'public' })).status).toBe(200);
    await expect.poll(async () => new Set(await Promise.all(privateFiles.map(async (url) => (await fetch(direct(url))).status))), { timeout: 5_000 }).toEqual(new Set([200]));
    expect(dataOf<{ keys: string[] }>(await call('/api/private-media', { headers: site() })).keys).toEqual([]);
    // In every language, the machine's English too.
    for (const query of [`/api/projects/${project.documentId}`, `/api/projects/${project.documentId}?locale=en`]) expect((await call(query)).status, query).toBe(200);
    const described = JSON.stringify(await call('/api/media-texts?locale=en&fields[0]=alternativeText&populate[file][fields][0]=url'));
    expect(privateFiles.some((url) => described.includes(keyOf(url)))).toBe(true);
  });

  it("keeps the studio's private draft a draft while the machine writes its English", async () => {
    // Saved as private, not published: visitors still see the work, and the machine's write in
    // English neither publishes that choice nor undoes it.
    const source = `/content-manager/collection-types/${PROJECT}/${project.documentId}?locale=zh-Hans`;
    expect((await admin('PUT', source, { visibility: 'private' })).status).toBe(200);
    try {
      await machineRepublishesEnglish();
      for (const query of [`/api/projects/${project.documentId}`, `/api/projects/${project.documentId}?locale=en`]) expect((await call(query)).status, query).toBe(200);
      expect((await admin<{ data: { visibility: string } }>('GET', source)).body.data.visibility).toBe('private');
    } finally {
      await admin('POST', `/content-manager/collection-types/${PROJECT}/${project.documentId}/actions/discard?locale=zh-Hans`, {});
    }
  }, 150_000);
});
