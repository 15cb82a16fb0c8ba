import { describe, expect, inject, it } from 'vitest';
import { adminJwt, call, dataOf } from './support/api';

// Issue 16 at the CMS: drafts only for the site's preview.
const secrets = () => inject('sharedSecrets');

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
