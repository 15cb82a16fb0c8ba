import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { fakeTranslation } from '../../web/tests/support/fake-mymemory';
import { adminJwt, call, dataOf } from './support/api';

// Issue 38 at the CMS: content is localized with Strapi's i18n; the leader fills every other
// locale once, at publish, through the provider (a local fake here, the CMS's TRANSLATE_URL); an
// editor's save in a locale makes it the studio's. Nothing here writes the demo's texts down: what
// a locale should hold is the fake's translation of what was seeded.
const PROJECT = 'api::project.project';
const fake = () => inject('fakeProvider');
const providerCalls = async () => (await (await fetch(`${fake()}/__calls`)).json()) as { calls: number; pairs: Record<string, number> };
const switchProvider = async (mode: 'ok' | 'down') => void (await fetch(`${fake()}/__mode?switch=${mode}`, { method: 'POST' }));

interface Row {
  documentId: string;
  locale: string;
  textBy?: string;
  sourceChanged?: boolean;
  [field: string]: unknown;
}

let jwt: string;
const admin = async <T = { data: Row }>(method: string, path: string, body?: unknown): Promise<T> => {
  const answer = await call(path, {
    method,
    headers: { authorization: `Bearer ${jwt}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer.body as T;
};
/** A project in one locale as the admin's edit view reads it (the draft, with the fill's fields). */
const inAdmin = async (documentId: string, locale: string) => (await admin('GET', `/content-manager/collection-types/${PROJECT}/${documentId}?locale=${locale}`)).data;
const publish = (documentId: string, locale: string, fields: Record<string, unknown>) =>
  admin('POST', `/content-manager/collection-types/${PROJECT}/${documentId}/actions/publish?locale=${locale}`, fields);
const published = async (path: string, locale: string) => dataOf<Row[]>(await call(`${path}${path.includes('?') ? '&' : '?'}locale=${locale}&pagination[pageSize]=100`));
const count = async (path: string, locale: string) => (await published(path, locale)).length;
const projectIn = async (documentId: string, locale: string) => dataOf<Row>(await call(`/api/projects/${documentId}?locale=${locale}`));

beforeAll(async () => {
  jwt = await adminJwt();
});

afterAll(async () => {
  await switchProvider('ok');
});

describe('content in every locale, filled once by the machine', () => {
  it('fills every published project, article, category, profile and the contact details into English from the source', async () => {
    for (const path of ['/api/projects', '/api/articles', '/api/categories', '/api/profilelists']) {
      const source = await count(path, 'zh-Hans');
      expect(source, path).toBeGreaterThan(0);
      await vi.waitFor(async () => expect(await count(path, 'en'), path).toBe(source), { timeout: 60_000, interval: 500 });
    }
    const [first] = await published('/api/projects?sort[0]=projectName:asc', 'zh-Hans');
    const english = await projectIn(first!.documentId, 'en');
    expect(english.projectName).toBe(fakeTranslation(first!.projectName as string, 'en'));
    expect(english.textBy).toBe('machine');
    // What is not text is the same document's: its date and pictures.
    expect(english.addTime).toBe(first!.addTime);
    const contact = dataOf<Row>(await call('/api/contact-mess?locale=zh-Hans'));
    await vi.waitFor(async () => expect(dataOf<Row>(await call('/api/contact-mess?locale=en')).address).toBe(fakeTranslation(contact.address as string, 'en')), { timeout: 30_000 });
    // The provider was asked from Chinese into English, in its own names of the languages.
    expect((await providerCalls()).pairs['zh-CN|en']).toBeGreaterThan(0);
  }, 120_000);

  it('translates rich text node by node, keeping its structure', async () => {
    const [article] = await published('/api/articles', 'zh-Hans');
    const source = dataOf<Row>(await call(`/api/articles/${article!.documentId}?locale=zh-Hans`));
    const english = dataOf<Row>(await call(`/api/articles/${article!.documentId}?locale=en`));
    const shape = (blocks: unknown): unknown => (Array.isArray(blocks) ? blocks.map((block: Record<string, unknown>) => ({ type: block.type, children: shape(block.children) })) : undefined);
    expect(shape(english.articleContent)).toEqual(shape(source.articleContent));
    const firstText = (blocks: unknown) => (blocks as Array<{ children: Array<{ text: string }> }>)[0]!.children[0]!.text;
    expect(firstText(english.articleContent)).toBe(fakeTranslation(firstText(source.articleContent), 'en'));
  });

  it('keeps an editor’s English: the studio’s from then on, marked "source changed" when the Chinese changes, never overwritten', async () => {
    const [, project] = await published('/api/projects?sort[0]=projectName:asc', 'zh-Hans');
    const id = project!.documentId;
    await vi.waitFor(async () => expect((await inAdmin(id, 'en')).textBy).toBe('machine'), { timeout: 30_000 });
    const original = String(project!.description ?? '');
    try {
      await publish(id, 'en', { description: 'The studio’s own English description.' });
      const own = await inAdmin(id, 'en');
      expect(own.textBy).toBe('studio');
      expect(own.sourceChanged).toBe(false);
      expect((await projectIn(id, 'en')).description).toBe('The studio’s own English description.');

      await publish(id, 'zh-Hans', { description: `${original}（修订）` });
      await vi.waitFor(async () => expect((await inAdmin(id, 'en')).sourceChanged).toBe(true), { timeout: 30_000 });
      expect((await projectIn(id, 'en')).description).toBe('The studio’s own English description.');
    } finally {
      // Handing it back to the machine (Text by: machine) has it filled from the source again:
      // the seeded text, as the other tests expect it.
      await publish(id, 'en', { textBy: 'machine' });
      await publish(id, 'zh-Hans', { description: original });
    }
    await vi.waitFor(async () => expect((await projectIn(id, 'en')).description).toBe(fakeTranslation(original, 'en')), { timeout: 30_000 });
    expect((await inAdmin(id, 'en')).textBy).toBe('machine');
  }, 90_000);

  it('never blocks a publish: with the provider down it retries with back-off, and finishes once it is back, nobody acting', async () => {
    const [, , project] = await published('/api/projects?sort[0]=projectName:asc', 'zh-Hans');
    const id = project!.documentId;
    await vi.waitFor(async () => expect((await inAdmin(id, 'en')).textBy).toBe('machine'), { timeout: 30_000 });
    const original = String(project!.projectName);
    const name = `${original}（离线时发布）`;
    await switchProvider('down');
    try {
      const started = Date.now();
      await publish(id, 'zh-Hans', { projectName: name });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await projectIn(id, 'zh-Hans')).projectName).toBe(name);
      const before = (await providerCalls()).calls;
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      const during = (await providerCalls()).calls - before;
      // 300 ms, then 600, 1,200, 2,000…: a few attempts in 4 s, not one every interval.
      expect(during).toBeGreaterThan(0);
      expect(during).toBeLessThan(8);
      expect((await projectIn(id, 'en')).projectName).not.toBe(fakeTranslation(name, 'en'));
      await switchProvider('ok');
      await vi.waitFor(async () => expect((await projectIn(id, 'en')).projectName).toBe(fakeTranslation(name, 'en')), { timeout: 15_000, interval: 250 });
    } finally {
      await switchProvider('ok');
      await publish(id, 'zh-Hans', { projectName: original });
    }
    await vi.waitFor(async () => expect((await projectIn(id, 'en')).projectName).toBe(fakeTranslation(original, 'en')), { timeout: 15_000, interval: 250 });
  }, 60_000);
});

describe('a locale the studio adds in Settings → Internationalization', () => {
  let german: { id: number } | undefined;
  afterAll(async () => {
    if (german) await admin('DELETE', `/i18n/locales/${german.id}`).catch(() => undefined);
  });

  it('is filled from the source (content, interface words) within a minute, and removing it removes it', async () => {
    // The site's own words, as the site hands them over at its start (a few of them here).
    const words = { en: { contractNext: 'Next project', contractMenu: 'Menu' }, 'zh-Hans': { contractNext: '下一个项目', contractMenu: '菜单' } };
    const synced = await call('/api/ui-texts/sync', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${inject('sharedSecrets').site}` },
      body: JSON.stringify({ texts: words }),
    });
    expect(synced.status).toBe(200);
    german = await admin<{ id: number }>('POST', '/i18n/locales', { code: 'de', name: 'German (de)', isDefault: false });
    const source = await count('/api/projects', 'zh-Hans');
    await vi.waitFor(async () => expect(await count('/api/projects', 'de')).toBe(source), { timeout: 60_000, interval: 500 });
    const [first] = await published('/api/projects?sort[0]=projectName:asc', 'zh-Hans');
    expect((await projectIn(first!.documentId, 'de')).projectName).toBe(fakeTranslation(first!.projectName as string, 'de'));
    // The interface's words, from the English the site gave the CMS.
    const english = dataOf<Array<{ key: string; text: string }>>(await call('/api/ui-texts?locale=en&pagination[pageSize]=500'));
    expect(english.map((row) => row.key)).toEqual(expect.arrayContaining(Object.keys(words.en)));
    await vi.waitFor(
      async () => {
        const words = new Map(dataOf<Array<{ key: string; text: string }>>(await call('/api/ui-texts?locale=de&pagination[pageSize]=500')).map((row) => [row.key, row.text]));
        for (const row of english) expect(words.get(row.key), row.key).toBe(fakeTranslation(row.text, 'de'));
      },
      { timeout: 60_000, interval: 500 },
    );
    expect((await providerCalls()).pairs['en|de']).toBeGreaterThan(0);

    await admin('DELETE', `/i18n/locales/${german.id}`);
    german = undefined;
    const gone = await call('/api/projects?locale=de');
    expect(gone.status === 400 || dataOf<unknown[]>(gone).length === 0).toBe(true);
    // Nothing more is asked of the provider for it (once a job under way when it went is over).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const before = (await providerCalls()).pairs['zh-CN|de'] ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await providerCalls()).pairs['zh-CN|de'] ?? 0).toBe(before);
  }, 150_000);
});

describe('what the site reads', () => {
  it('answers ?locale= for localized content, and of its other locales only which they are', async () => {
    const [project] = await published('/api/projects', 'zh-Hans');
    const withLocales = await call(`/api/projects/${project!.documentId}?locale=zh-Hans&populate[localizations][fields][0]=locale`);
    expect(withLocales.status).toBe(200);
    expect(dataOf<{ localizations: Array<{ locale: string }> }>(withLocales).localizations.map((row) => row.locale)).toContain('en');
    for (const refused of ['populate[localizations]=true', 'populate=localizations', 'populate[localizations][fields][0]=projectName', 'populate[localizations][populate]=images']) {
      expect((await call(`/api/projects/${project!.documentId}?${refused}`)).status, refused).toBe(400);
    }
    expect((await call('/api/first-page-imgs?locale=en')).status).toBe(400); // not localized
    expect((await call('/api/i18n/locales')).status).toBe(200);
  });

  it('keeps the site’s interface words, given only with the shared secret', async () => {
    const sync = (body: unknown, secret?: string) =>
      call('/api/ui-texts/sync', { method: 'POST', headers: { 'content-type': 'application/json', ...(secret ? { authorization: `Bearer ${secret}` } : {}) }, body: JSON.stringify(body) });
    const texts = { en: { contractWord: 'A contract word' }, 'zh-Hans': { contractWord: '契约词' } };
    expect((await sync({ texts })).status).toBe(401);
    expect((await sync({ texts }, 'not-the-secret')).status).toBe(401);
    const secret = inject('sharedSecrets').site;
    expect((await sync({ texts: { en: 'nope' } }, secret)).status).toBe(400);
    expect((await sync({ texts: { en: { 'bad key!': 'x' } } }, secret)).status).toBe(400);
    expect((await sync({ texts }, secret)).status).toBe(200);
    const words = dataOf<Array<{ key: string; text: string }>>(await call('/api/ui-texts?locale=zh-Hans&filters[key][$eq]=contractWord'));
    expect(words.map((row) => row.text)).toEqual(['契约词']);
    expect((await call('/api/ui-texts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { key: 'x', text: 'y' } }) })).status).toBe(403);
  });

  it('previews a draft in the locale the editor has open', async () => {
    const [project] = await published('/api/projects', 'zh-Hans');
    const answer = await admin<{ data: { url: string } }>('GET', `/content-manager/preview/url/${PROJECT}?documentId=${project!.documentId}&locale=en&status=draft`);
    expect(new URL(answer.data.url).searchParams.get('path')).toBe(`/en/dailyPage/project/${project!.documentId}?documentId=${project!.documentId}`);
    const source = await admin<{ data: { url: string } }>('GET', `/content-manager/preview/url/${PROJECT}?documentId=${project!.documentId}&locale=zh-Hans&status=draft`);
    expect(new URL(source.data.url).searchParams.get('path')).toBe(`/dailyPage/project/${project!.documentId}?documentId=${project!.documentId}`);
  });
});
