import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, cmsUrl, dataOf, editorToken, revokedToken } from './support/api';
import { PROJECTS } from './support/queries';

// Issue 9: one anonymous request used to make Strapi build a 224 MB answer; drafts were readable.
const DEEP =
  '/api/projects?populate[category][populate][projects][populate][category][populate][projects][populate][images][populate]=*';

/** An editor's unpublished work: a project saved as a draft through the API; its documentId. */
async function saveDraftProject(token: string, projectName: string): Promise<string> {
  const created = await call('/api/projects?status=draft', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ data: { projectName, author: '编辑' } }),
  });
  expect(created.status).toBe(201);
  return dataOf<{ documentId: string }>(created).documentId;
}

const errorOf = (body: unknown) => (body as { error?: { status?: number; message?: string } }).error;

describe('anonymous queries keep to the shapes the site needs', () => {
  let token: string;
  let draftId: string;

  beforeAll(async () => {
    token = await editorToken();
    draftId = await saveDraftProject(token, '未发布的草稿项目');
  });

  afterAll(async () => {
    await fetch(`${cmsUrl()}/api/projects/${draftId}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  });

  it('refuses populating relations of relations, with a small 400', async () => {
    const response = await fetch(`${cmsUrl()}${DEEP}`);
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(text.length).toBeLessThan(1_000);
    expect(errorOf(JSON.parse(text))?.message).toMatch(/populate/);
  });

  it.each([
    ['a relation', '/api/projects?populate[category]=true'],
    ['everything', '/api/projects?populate=*'],
    ["a media file's related entries", '/api/projects?populate[images][populate]=*'],
    ['media fields that are not public', '/api/projects?populate[images][fields][0]=related'],
  ])('refuses populating %s', async (_what, path) => {
    expect((await call(path)).status).toBe(400);
  });

  it.each(['draft', 'foo'])('refuses status=%s, and never shows the draft', async (status) => {
    const response = await call(`/api/projects?status=${status}`);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).not.toContain('未发布的草稿项目');
    expect((await call(`/api/projects/${draftId}?status=${status}`)).status).toBe(400);
  });

  it('lists and answers only published entries', async () => {
    const names = dataOf<Array<{ projectName: string }>>(await call(PROJECTS)).map((row) => row.projectName);
    expect(names.length).toBeGreaterThan(0);
    expect(names).not.toContain('未发布的草稿项目');
    expect((await call(`/api/projects/${draftId}`)).status).toBe(404);
  });

  it.each([
    ['a nested operator', '/api/projects?filters[id][$gt][$gt]=1'],
    ['$and that is not a list', '/api/projects?filters[$and]=notarray'],
    ['a sort with an extra level', '/api/projects?sort[projectName][x]=asc'],
    ['a sort direction that is not one', '/api/projects?sort[0]=projectName:sideways'],
    ['a private field', '/api/projects?fields[0]=createdBy'],
    ['filtering through three relations', '/api/categories?filters[projects][category][projects][projectName][$eq]=x'],
    ['an unknown parameter', '/api/projects?locale[$ne]=x'],
    ['a pagination that is not a number', '/api/projects?pagination[page][x]=1'],
    ['$between with one value', '/api/projects?filters[addTime][$between][0]=2020-01-01'],
    ['$between with three values', '/api/projects?filters[id][$between][0]=1&filters[id][$between][1]=2&filters[id][$between][2]=3'],
    ['a relation to entries with drafts (yes/no questions about drafts)', '/api/categories?filters[projects][id][$eq]=1'],
    ['two relations in one filter', '/api/projects?filters[$or][0][category][designType][$eq]=a&filters[$or][1][category][designType][$eq]=b'],
    ['eleven branches', `/api/projects?${Array.from({ length: 11 }, (_, n) => `filters[$or][${n}][projectName][$eq]=${n}`).join('&')}`],
    ['twenty-one conditions', `/api/projects?${Array.from({ length: 21 }, (_, n) => `filters[$and][${n % 10}][projectName][$ne]=${n}`).join('&')}`],
  ])('answers 400, not 500, for %s', async (_what, path) => {
    const response = await call(path);
    expect(response.status).toBe(400);
    expect(errorOf(response.body)?.status).toBe(400);
  });

  it('answers relation filters inside $or at once, not after minutes at full CPU (issue 25)', async () => {
    const started = Date.now();
    for (const branches of [4, 8]) {
      const query = Array.from({ length: branches }, (_, n) => `filters[$or][${n}][category][projects][projectName][$containsi]=a${n}`).join('&');
      expect((await call(`/api/projects?${query}`)).status).toBe(400);
    }
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('still answers the filters, sorts and pages a visitor may use', async () => {
    expect((await call('/api/projects?filters[$or][0][projectName][$containsi]=a&filters[$or][1][author][$eq]=x')).status).toBe(200);
    expect((await call('/api/projects?sort=projectName:desc&pagination[page]=1&pagination[pageSize]=5')).status).toBe(200);
    expect((await call('/api/projects?filters[category][designType][$in][0]=品牌设计')).status).toBe(200);
  });

  it("leaves editors' API tokens (verified by Strapi) to Strapi's own permissions", async () => {
    const response = await call('/api/projects?populate[category]=true&status=draft', { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(JSON.stringify(response.body)).toContain('未发布的草稿项目');
  });
});

// Issue 25: any Authorization header used to switch the guard off, and Strapi answers a header it
// cannot verify as the public role: `Authorization: x` read drafts and built 28 MB answers.
describe('a header that Strapi did not verify buys nothing', () => {
  let token: string;
  let revoked: string;
  let draftId: string;

  beforeAll(async () => {
    token = await editorToken();
    revoked = await revokedToken();
    draftId = await saveDraftProject(token, '另一个未发布的草稿');
  });

  afterAll(async () => {
    await fetch(`${cmsUrl()}/api/projects/${draftId}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  });

  const variants = () => [
    ['a bare word', 'x'],
    ['Basic credentials', 'Basic dXNlcjpwYXNz'],
    ['Bearer without a token', 'Bearer'],
    ['Bearer with a garbage token', 'Bearer not-a-real-token-at-all'],
    ['Bearer with a revoked API token', `Bearer ${revoked}`],
    ['another scheme', `Token ${token}`],
    ['two tokens', `Bearer ${token} ${token}`],
  ];
  const abusive = [
    DEEP,
    '/api/projects?populate[category][populate][projects][populate]=*',
    '/api/projects?status=draft',
    `/api/projects/{draft}?status=draft`,
    '/api/projects?populate[images][populate]=*',
    '/api/projects?filters[id][$gt][$gt]=1',
    '/api/projects?sort[0]=projectName:sideways',
    '/api/projects?pagination[pageSize][x]=1',
  ];

  it('answers every abusive query no better than anonymously (400 or 401), small and without drafts', async () => {
    for (const [what, header] of variants()) {
      for (const path of abusive) {
        const response = await fetch(`${cmsUrl()}${path.replace('{draft}', draftId)}`, { headers: { authorization: header as string } });
        const text = await response.text();
        expect([400, 401], `${what}: ${path}`).toContain(response.status);
        expect(text.length, `${what}: ${path}`).toBeLessThan(1_000);
        expect(text, `${what}: ${path}`).not.toContain('另一个未发布的草稿');
      }
    }
  });

  it('refuses an unverified header with a 401, even on a query a visitor may send', async () => {
    for (const [what, header] of variants()) {
      const response = await call(PROJECTS, { headers: { authorization: header as string } });
      expect(response.status, what).toBe(401);
      expect(errorOf(response.body)?.status, what).toBe(401);
    }
    expect((await call(PROJECTS)).status).toBe(200);
  });

  it("still lets a valid API token read drafts, and the site's preview secret too", async () => {
    const byToken = await call('/api/projects?status=draft&populate[category]=true', { headers: { authorization: `Bearer ${token}` } });
    expect(byToken.status).toBe(200);
    expect(JSON.stringify(byToken.body)).toContain('另一个未发布的草稿');
    const byPreview = await call('/api/projects?status=draft', { headers: { 'x-preview-secret': inject('sharedSecrets').preview } });
    expect(byPreview.status).toBe(200);
    expect(JSON.stringify(byPreview.body)).toContain('另一个未发布的草稿');
  });
});

describe('the CMS tells browsers and scanners nothing they do not need', () => {
  it('answers /favicon.ico with the studio mark, not a 500', async () => {
    const response = await fetch(`${cmsUrl()}/favicon.ico`);
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it('sends no CORS permission to other origins and no X-Powered-By', async () => {
    const response = await fetch(`${cmsUrl()}/api/categories`, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});
