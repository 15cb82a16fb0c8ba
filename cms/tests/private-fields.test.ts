import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/admin';
import { adminJwt, call, cmsUrl, dataOf } from './support/api';

const READS = ['/api/categories', '/api/projects', '/api/articles', '/api/profilelists', '/api/first-page-imgs', '/api/contact-mess', '/api/studio'];
/** Ways a stranger might ask for what is not public. */
const PROBES = [
  '',
  '?populate=*',
  '?populate[createdBy]=true',
  '?populate[updatedBy][fields][0]=email',
  '?fields[0]=createdBy&fields[1]=updatedBy',
  '?populate[images][populate]=*',
  '?status=draft',
  '?publicationState=preview',
];
const PRIVATE_KEYS = /"(createdBy|updatedBy|password|resetPasswordToken|registrationToken|firstname|lastname)"/;

async function firstEntry(collection: string): Promise<string | undefined> {
  const data = dataOf<Array<{ documentId: string }> | { documentId: string }>(await call(collection));
  return Array.isArray(data) ? data[0]?.documentId : undefined;
}

describe('public answers carry no private fields', () => {
  it.each(READS)('%s: never the editors, their e-mails or other private fields, however asked', async (collection) => {
    const id = await firstEntry(collection);
    const paths = [...PROBES.map((probe) => `${collection}${probe}`), ...(id ? PROBES.map((probe) => `${collection}/${id}${probe}`) : [])];
    for (const path of paths) {
      const response = await call(path);
      const text = JSON.stringify(response.body);
      expect(response.status, path).toBeLessThan(500);
      expect(text, path).not.toMatch(PRIVATE_KEYS);
      expect(text, path).not.toContain(ADMIN.email);
    }
  });

  it('never a draft: an unpublished change stays out of every public answer', async () => {
    const token = await adminJwt();
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const [project] = dataOf<Array<{ documentId: string; projectName: string }>>(await call('/api/projects?fields[0]=projectName'));
    const draftName = `未发布的草稿 ${Date.now()}`;
    // A draft edit through the admin's content manager, not published.
    const edit = await fetch(`${cmsUrl()}/content-manager/collection-types/api::project.project/${project!.documentId}`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ projectName: draftName }),
    });
    expect(edit.status).toBe(200);
    try {
      for (const probe of PROBES) {
        for (const path of [`/api/projects${probe}`, `/api/projects/${project!.documentId}${probe}`]) {
          expect(JSON.stringify((await call(path)).body), path).not.toContain(draftName);
        }
      }
    } finally {
      await fetch(`${cmsUrl()}/content-manager/collection-types/api::project.project/${project!.documentId}/actions/discard`, { method: 'POST', headers: auth });
    }
  });

  it('echoes no markup: a query key sent back in an error is escaped', async () => {
    const response = await fetch(`${cmsUrl()}/api/projects?populate=<img src=x onerror=alert(1)>`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/json');
    const text = await response.text();
    expect(text).not.toContain('<img');
    expect(() => JSON.parse(text)).not.toThrow(); // still JSON, with the markup escaped
  });
});
