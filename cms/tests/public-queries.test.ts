import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cmsUrl, dataOf, editorToken } from './support/api';
import { PROJECTS } from './support/queries';

// Issue 9: one anonymous request used to make Strapi build a 224 MB answer; drafts were readable.
const DEEP =
  '/api/projects?populate[category][populate][projects][populate][category][populate][projects][populate][images][populate]=*';

const errorOf = (body: unknown) => (body as { error?: { status?: number; message?: string } }).error;

describe('anonymous queries keep to the shapes the site needs', () => {
  let token: string;
  let draftId: string;

  beforeAll(async () => {
    token = await editorToken();
    // An editor's unpublished work: a project saved as a draft.
    const created = await call('/api/projects?status=draft', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ data: { projectName: '未发布的草稿项目', author: '编辑' } }),
    });
    expect(created.status).toBe(201);
    draftId = dataOf<{ documentId: string }>(created).documentId;
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
  ])('answers 400, not 500, for %s', async (_what, path) => {
    const response = await call(path);
    expect(response.status).toBe(400);
    expect(errorOf(response.body)?.status).toBe(400);
  });

  it('still answers the filters, sorts and pages a visitor may use', async () => {
    expect((await call('/api/projects?filters[$or][0][projectName][$containsi]=a&filters[$or][1][author][$eq]=x')).status).toBe(200);
    expect((await call('/api/projects?sort=projectName:desc&pagination[page]=1&pagination[pageSize]=5')).status).toBe(200);
    expect((await call('/api/projects?filters[category][designType][$in][0]=品牌设计')).status).toBe(200);
  });

  it("leaves editors' API tokens to Strapi's own permissions", async () => {
    const response = await call('/api/projects?populate[category]=true&status=draft', { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(JSON.stringify(response.body)).toContain('未发布的草稿项目');
  });
});

describe('the CMS tells browsers and scanners nothing they do not need', () => {
  it('sends no CORS permission to other origins and no X-Powered-By', async () => {
    const response = await fetch(`${cmsUrl()}/api/categories`, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});
