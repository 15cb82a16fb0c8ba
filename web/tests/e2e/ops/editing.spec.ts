import { expect, test } from '../fixtures';
import { adminSession } from '../../support/cms-admin';
import { cmsData, cmsUrl } from '../support';

// Issue 16: what an editor does in the real Strapi admin (its admin API) and sees on the site.
test.describe.configure({ mode: 'serial' });

const PROJECT = 'api::project.project';
const pageText = async (baseURL: string | undefined, path: string, cookie?: string) =>
  (await fetch(`${baseURL}${path}`, { headers: cookie ? { cookie } : {} })).text();

test.describe('draft preview from the admin', () => {
  test('"Open preview" shows the draft, marked and noindex, while visitors and the caches keep the published page; publishing shows it to all', async ({
    page,
    baseURL,
  }) => {
    const admin = await adminSession(cmsUrl());
    const [project] = await cmsData<Array<{ documentId: string; projectName: string }>>('/api/projects?fields[0]=projectName&sort[0]=projectName:asc');
    const detail = `/dailyPage/project/${project!.documentId}?documentId=${project!.documentId}`;
    expect(await pageText(baseURL, detail)).toContain(project!.projectName); // cached for visitors
    const draftName = `${project!.projectName}（草稿）`;
    try {
      await admin.saveDraft(PROJECT, project!.documentId, { projectName: draftName });
      const url = await admin.previewUrl(PROJECT, project!.documentId);
      expect(url).toMatch(new RegExp(`^${baseURL}/_preview\\?`));

      const response = await page.goto(url!);
      expect(new URL(page.url()).pathname).toBe(`/dailyPage/project/${project!.documentId}`);
      expect(response!.headers()['cache-control']).toBe('private, no-store');
      expect(response!.headers()['x-robots-tag']).toContain('noindex');
      // The admin's preview panel may frame it (and nothing else may).
      expect(response!.headers()['content-security-policy']).toContain(`frame-ancestors 'self' ${new URL(cmsUrl()).origin}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(draftName);
      const marker = page.getByRole('status').filter({ hasText: '预览' });
      await expect(marker).toBeVisible();
      // Drawn with the stylesheet only a preview links: kept at the foot of the window.
      expect(await marker.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

      // Visitors (no preview cookie) still get the published page, from the caches as before.
      for (let n = 0; n < 2; n += 1) {
        const visitor = await pageText(baseURL, detail);
        expect(visitor).toContain(project!.projectName);
        expect(visitor).not.toContain(draftName);
      }
      // Leaving preview is the public page again.
      await page.getByRole('link', { name: '退出预览' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(project!.projectName);

      await admin.publish(PROJECT, project!.documentId, { projectName: draftName });
      await expect(async () => expect(await pageText(baseURL, detail)).toContain(draftName)).toPass({ timeout: 5_000, intervals: [100] });
    } finally {
      await admin.publish(PROJECT, project!.documentId, { projectName: project!.projectName });
    }
  });

  test('the admin has a preview for every kind of entry the site shows', async ({ baseURL }) => {
    const admin = await adminSession(cmsUrl());
    const [article] = await cmsData<Array<{ documentId: string }>>('/api/articles?fields[0]=articleName');
    const [profile] = await cmsData<Array<{ documentId: string }>>('/api/profilelists?fields[0]=profileName');
    const [landing] = await cmsData<Array<{ documentId: string }>>('/api/first-page-imgs');
    const pathOf = (url: string | null) => new URL(url!).searchParams.get('path');
    expect(pathOf(await admin.previewUrl('api::article.article', article!.documentId))).toBe(`/dailyPage/article/${article!.documentId}?documentId=${article!.documentId}`);
    expect(pathOf(await admin.previewUrl('api::profilelist.profilelist', profile!.documentId))).toBe('/dailyPage/profile');
    expect(pathOf(await admin.previewUrl('api::first-page-img.first-page-img', landing!.documentId, 'published'))).toBe('/login');
    expect(pathOf(await admin.previewUrl('api::contact-mess.contact-mess', undefined, 'published'))).toBe('/dailyPage/profile#contact');
    for (const url of [await admin.previewUrl('api::article.article', article!.documentId)]) expect(url!.startsWith(`${baseURL}/_preview?`)).toBe(true);
  });

  test('the preview route refuses a missing or wrong secret, and is never cached', async ({ request }) => {
    for (const query of ['path=/dailyPage/project', 'secret=wrong-secret-of-some-length&path=/dailyPage/project']) {
      const response = await request.get(`/_preview?${query}`, { maxRedirects: 0 });
      expect(response.status()).toBe(401);
      expect(response.headers()['cache-control']).toBe('private, no-store');
      expect(response.headers()['set-cookie']).toBeUndefined();
    }
    const elsewhere = await request.get(`/_preview?secret=${encodeURIComponent(process.env.E2E_PREVIEW_SECRET!)}&path=${encodeURIComponent('//evil.example/')}`, { maxRedirects: 0 });
    expect(elsewhere.status()).toBe(400);
    // A forged cookie is no preview: the public page, cacheable as usual.
    const forged = await request.get('/dailyPage/project', { headers: { cookie: 'studio_preview=99999999999999.forged' } });
    expect(forged.headers()['cache-control']).toContain('public');
  });
});
