import { describe, expect, inject, it } from 'vitest';
import { adminJwt, call, dataOf } from './support/api';

// Issue 16 at the CMS: drafts only for the site's preview, the translation report only for the site.
const secrets = () => inject('sharedSecrets');
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('drafts for the site preview', () => {
  it('answers status=draft only with the preview secret; without it, or with a wrong one, 400', async () => {
    const query = '/api/projects?status=draft&fields[0]=projectName';
    expect((await call(query)).status).toBe(400);
    expect((await call(query, { headers: { 'x-preview-secret': 'not-the-secret-at-all' } })).status).toBe(400);
    const drafts = await call(query, { headers: { 'x-preview-secret': secrets().preview } });
    expect(drafts.status).toBe(200);
    expect(dataOf<unknown[]>(drafts).length).toBeGreaterThan(0);
    // The secret opens drafts, not the other limits on anonymous queries.
    const deep = await call('/api/projects?status=draft&populate[category][populate]=projects', { headers: { 'x-preview-secret': secrets().preview } });
    expect(deep.status).toBe(400);
  });

  it('gives the admin a preview URL on the site for an entry', async () => {
    const jwt = await adminJwt();
    const [project] = dataOf<Array<{ documentId: string }>>(await call('/api/projects?fields[0]=projectName'));
    const answer = await call(`/content-manager/preview/url/api::project.project?documentId=${project!.documentId}&status=draft`, {
      headers: { authorization: `Bearer ${jwt}` },
    });
    const url = new URL((answer.body as { data: { url: string } }).data.url);
    expect(url.pathname).toBe('/_preview');
    expect(url.searchParams.get('secret')).toBe(secrets().preview);
    expect(url.searchParams.get('path')).toBe(`/dailyPage/project/${project!.documentId}?documentId=${project!.documentId}`);
  });
});

describe('the English texts the site reports', () => {
  it('refuses a report without the site secret', async () => {
    expect((await call('/api/translations/report', json({ items: [{ source: '文本', machine: 'text' }] }))).status).toBe(401);
    expect((await call('/api/translations/report', json({ items: [] }, { authorization: 'Bearer wrong' }))).status).toBe(401);
  });

  it('keeps each text once, updates the machine English, and never touches the studio English', async () => {
    const auth = { authorization: `Bearer ${secrets().site}` };
    const report = (machine: string) => call('/api/translations/report', json({ items: [{ source: '契约测试文本', machine }] }, auth));
    expect((await report('Contract text')).body).toEqual({ created: 1, updated: 0, skipped: 0 });
    expect((await report('Contract text')).body).toEqual({ created: 0, updated: 0, skipped: 0 });
    expect((await report('Contract text, v2')).body).toEqual({ created: 0, updated: 1, skipped: 0 });
    const [entry] = dataOf<Array<{ source: string; machine: string; english: string | null }>>(
      await call(`/api/translations?filters[source][$eq]=${encodeURIComponent('契约测试文本')}&fields[0]=source&fields[1]=machine&fields[2]=english`),
    );
    expect(entry).toMatchObject({ source: '契约测试文本', machine: 'Contract text, v2', english: null });
    expect((await call('/api/translations/report', json({ items: 'nope' }, auth))).status).toBe(400);
    expect((await call('/api/translations/report', json({ items: [{ source: '', machine: 'x' }] }, auth))).status).toBe(400);
  });

  it('is readable by anyone, but not writable', async () => {
    expect((await call('/api/translations')).status).toBe(200);
    expect((await call('/api/translations', json({ data: { source: '写入', machine: 'write' } }))).status).toBe(403);
  });

  // Last: it fills the list up to its cap (CMS_TRANSLATION_MAX_ENTRIES=50 in these tests).
  it('holds at most its cap of texts, and still updates the ones it holds', async () => {
    const auth = { authorization: `Bearer ${secrets().site}` };
    const items = Array.from({ length: 80 }, (_, n) => ({ source: `上限测试文本${n}`, machine: `Cap text ${n}` }));
    const answer = (await call('/api/translations/report', json({ items }, auth))).body as { created: number; skipped: number };
    const listed = dataOf<unknown[]>(await call('/api/translations?fields[0]=source'));
    expect(listed.length).toBe(50);
    expect(answer.created + answer.skipped).toBe(80);
    expect(answer.skipped).toBeGreaterThanOrEqual(30);
    expect((await call('/api/translations/report', json({ items: [{ source: '契约测试文本', machine: 'Contract text, v3' }] }, auth))).body).toEqual({ created: 0, updated: 1, skipped: 0 });
  });
});
