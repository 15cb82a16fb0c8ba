import { expect, test } from '../fixtures';
import { adminSession } from '../../support/cms-admin';
import { fakeEnglish } from '../../support/fake-mymemory';
import { cmsData, cmsUrl, english } from '../support';

test.describe.configure({ mode: 'serial' });

/** The site's page as a visitor's browser gets it (through the site's caches). */
const pageText = async (baseURL: string | undefined, path: string) => (await fetch(`${baseURL}${path}`)).text();

test.describe('publishing in the admin', () => {
  test('shows a published change on the site within 5 s, without a restart, and its undo too', async ({ baseURL }) => {
    const admin = await adminSession(cmsUrl());
    const [project] = await cmsData<Array<{ documentId: string; projectName: string }>>('/api/projects?fields[0]=projectName&sort[0]=projectName:asc');
    if (!project) throw new Error('the demo studio has no projects');
    const detail = `/dailyPage/project/${project.documentId}?documentId=${project.documentId}`;
    // Both pages are in the site's caches before the change.
    expect(await pageText(baseURL, '/dailyPage/project')).toContain(project.projectName);
    expect(await pageText(baseURL, detail)).toContain(project.projectName);
    // And the English twin (issues 28 and 38), filled by the CMS.
    expect(await pageText(baseURL, english(detail))).toContain(fakeEnglish(project.projectName));

    const renamed = `${project.projectName} 新版`;
    try {
      await admin.publish('api::project.project', project.documentId, { projectName: renamed });
      await expect(async () => {
        expect(await pageText(baseURL, '/dailyPage/project')).toContain(renamed);
        expect(await pageText(baseURL, detail)).toContain(renamed);
        expect(await pageText(baseURL, english(detail))).toContain(fakeEnglish(renamed));
      }).toPass({ timeout: 5_000, intervals: [100] });
    } finally {
      await admin.publish('api::project.project', project.documentId, { projectName: project.projectName });
    }
    await expect(async () => {
      expect(await pageText(baseURL, '/dailyPage/project')).not.toContain(renamed);
    }).toPass({ timeout: 5_000, intervals: [100] });
  });

  test('the sitemap follows an unpublish and a publish within 5 s', async ({ baseURL }) => {
    const admin = await adminSession(cmsUrl());
    const projects = await cmsData<Array<{ documentId: string }>>('/api/projects?fields[0]=projectName&sort[0]=projectName:asc');
    const project = projects[1]!;
    const listed = async () => (await pageText(baseURL, '/sitemap.xml')).includes(`/dailyPage/project/${project.documentId}?documentId=${project.documentId}<`);
    expect(await listed()).toBe(true);
    try {
      await admin.unpublish('api::project.project', project.documentId);
      await expect(async () => expect(await listed()).toBe(false)).toPass({ timeout: 5_000, intervals: [100] });
      expect((await fetch(`${baseURL}/dailyPage/project/${project.documentId}?documentId=${project.documentId}`)).status).toBe(404);
    } finally {
      await admin.publish('api::project.project', project.documentId, {});
    }
    await expect(async () => expect(await listed()).toBe(true)).toPass({ timeout: 5_000, intervals: [100] });
  });

  test('the site refuses a webhook call without the shared secret', async ({ request }) => {
    const unsigned = await request.post('/_webhooks/content', { data: { event: 'entry.publish', model: 'project' } });
    expect(unsigned.status()).toBe(401);
    const wrong = await request.post('/_webhooks/content', {
      data: { event: 'entry.publish', model: 'project' },
      headers: { authorization: 'Bearer not-the-secret' },
    });
    expect(wrong.status()).toBe(401);
  });
});
