import { createHash } from 'node:crypto';
import { expect, test, type Page } from '../fixtures';
import { adminSession, E2E_ADMIN } from '../../support/cms-admin';
import { cmsData, cmsUrl, english, open } from '../support';

// Issue 39: work shown only to whom the studio chooses, and what was seen. Changes content: runs
// with the publishing specs, alone, one test after another.
test.describe.configure({ mode: 'serial' });

const PROJECT = 'api::project.project';
const LINK = 'api::share-link.share-link';

interface Media {
  url: string;
  formats: Record<string, { url: string }> | null;
}
interface Project {
  documentId: string;
  projectName: string;
  images: Media[];
}

const text = async (baseURL: string | undefined, path: string) => (await fetch(`${baseURL}${path}`)).text();
const detail = (documentId: string) => `/dailyPage/project/${documentId}?documentId=${documentId}`;
/** A file's address on the site, as the pages name it: /uploads/<key>, whether it is kept in the folder or the bucket. */
const onSite = (url: string) => `/uploads/${url.slice(url.lastIndexOf('/') + 1)}`;
const filesOf = (project: Project) => project.images.flatMap((image) => [image.url, ...Object.values(image.formats ?? {}).map((format) => format.url)]);

async function projects(): Promise<Project[]> {
  return cmsData<Project[]>('/api/projects?fields[0]=projectName&populate[images][fields][0]=url&populate[images][fields][1]=formats&sort[0]=projectName:asc');
}

/** The category a project is filed under, as the site's filter names it (null: none). */
async function categoryOf(documentId: string): Promise<string | null> {
  for (const { designType } of await cmsData<Array<{ designType: string }>>('/api/categories')) {
    const listed = await cmsData<Array<{ documentId: string }>>(`/api/projects?fields[0]=projectName&filters[category][designType][$eq]=${encodeURIComponent(designType)}`);
    if (listed.some((entry) => entry.documentId === documentId)) return designType;
  }
  return null;
}

/** Every page a visitor could find the project on: the grid in both languages and its category, the sitemap. */
async function publicSurfaces(baseURL: string | undefined, project: Project, designType: string | null) {
  const category = designType ? `/dailyPage/project?category=${encodeURIComponent(designType)}` : '/dailyPage/project';
  const pages = await Promise.all(['/dailyPage/project', english('/dailyPage/project'), category, english(category), '/sitemap.xml'].map((path) => text(baseURL, path)));
  return pages.join('\n');
}

test.describe('private work and share links', () => {
  let project: Project;
  let neighbour: Project;
  let privateFiles: string[];
  let category: string | null;
  const links: string[] = [];
  const created: string[] = [];

  test.beforeAll(async () => {
    const all = await projects();
    const uses = new Map<string, number>();
    for (const entry of all) for (const url of new Set(filesOf(entry))) uses.set(url, (uses.get(url) ?? 0) + 1);
    // A project in the middle of the list, with pictures no other project shows.
    const index = all.findIndex((entry, at) => at > 0 && at < all.length - 1 && entry.images.some((image) => uses.get(image.url) === 1));
    project = all[index]!;
    neighbour = all[index - 1]!;
    privateFiles = filesOf(project).filter((url) => uses.get(url) === 1);
    category = await categoryOf(project.documentId);
  });

  test.afterAll(async () => {
    const admin = await adminSession(cmsUrl());
    for (const documentId of links) await admin.call('DELETE', `/content-manager/collection-types/${LINK}/${documentId}`).catch(() => undefined);
    if (project) await admin.publish(PROJECT, project.documentId, { visibility: 'public' }, 'zh-Hans');
    for (const documentId of created) await admin.remove(PROJECT, documentId).catch(() => undefined);
  });

  test('a project made private leaves every public page, its neighbours and its files within 5 s; its share link shows it', async ({ baseURL, browser }) => {
    test.setTimeout(90_000);
    const admin = await adminSession(cmsUrl());
    // Public first: on the grid, in the sitemap, its neighbour leading to it, its files served.
    expect(await publicSurfaces(baseURL, project, category)).toContain(project.documentId);
    expect(await text(baseURL, detail(neighbour.documentId))).toContain(project.documentId);
    expect((await fetch(`${baseURL}${onSite(privateFiles[0]!)}`)).status).toBe(200);

    await admin.publish(PROJECT, project.documentId, { visibility: 'private' }, 'zh-Hans');
    await expect(async () => {
      expect(await publicSurfaces(baseURL, project, category)).not.toContain(project.documentId);
      expect(await text(baseURL, detail(neighbour.documentId))).not.toContain(project.documentId);
      for (const path of [detail(project.documentId), english(detail(project.documentId))]) expect((await fetch(`${baseURL}${path}`)).status, path).toBe(404);
      for (const url of privateFiles) {
        expect((await fetch(`${baseURL}${onSite(url)}`)).status, url).toBe(404);
      }
    }).toPass({ timeout: 5_000, intervals: [200] });
    for (const url of privateFiles.filter((file) => /\.(jpe?g|png)$/.test(file))) {
      expect((await fetch(`${baseURL}/_img/640${onSite(url)}`, { headers: { accept: 'image/avif' } })).status, url).toBe(404);
      // Straight from where the files are kept (the bucket's address the admin lists): no more either.
      if (!url.startsWith('/')) expect((await fetch(url)).status, url).not.toBe(200);
    }

    // The share link the admin shows: the project, its pictures, in both languages.
    const made = await admin.create<{ data: { documentId: string; url: string } }>(LINK, { label: 'Client, end-to-end', project: { connect: [{ documentId: project.documentId, locale: 'zh-Hans' }] } });
    links.push(made.data.documentId);
    const address = new URL(made.data.url);
    expect(address.origin).toBe(new URL(baseURL!).origin);
    const client = await browser.newContext({ baseURL });
    const page = await client.newPage();
    const answer = await open(page, address.pathname);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['cache-control']).toBe('private, no-store');
    expect(answer?.headers()['referrer-policy']).toBe('no-referrer');
    expect(answer?.headers()['x-robots-tag']).toContain('noindex');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('heading', { level: 1, name: project.projectName })).toBeVisible();
    const pictures = page.locator('main img[src*="/s/"]');
    await expect(pictures.first()).toBeVisible();
    await expect.poll(() => pictures.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Nothing to move to: the link shows this project only.
    await expect(page.getByRole('link', { name: /上一个|下一个/ })).toHaveCount(0);
    await expect(page.getByRole('note')).toBeVisible();
    await open(page, english(address.pathname));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('main img[src*="/s/"]').first()).toBeVisible();
    const shown = await page.locator('main img[src*="/s/"]').first().getAttribute('src');

    // Another browser, without the link: the files of the page it cannot open are not there for it.
    const stranger = await browser.newContext({ baseURL });
    const strangerPage = await stranger.newPage();
    for (const url of privateFiles.slice(0, 2)) expect((await strangerPage.request.get(onSite(url))).status(), url).toBe(404);
    expect((await strangerPage.request.get(`/s/${'x'.repeat(32)}`)).status()).toBe(404);
    // A token with an encoded slash in it (the router's token `x…/x…`): the same 404, kept by no
    // one, never a server error (an outside review had a 500 for the page and its data).
    for (const spelling of [`/s/${'x'.repeat(16)}%2F${'x'.repeat(15)}`, `/s/abc%2fdef.data`]) {
      const answer = await strangerPage.request.get(spelling);
      expect(answer.status(), spelling).toBe(404);
      expect(answer.headers()['cache-control'], spelling).toBe('private, no-store');
    }

    // Revoked in the admin: within 5 s the page and its files answer 410, on a reload too.
    await admin.call('PUT', `/content-manager/collection-types/${LINK}/${made.data.documentId}`, { revoked: true });
    await expect(async () => {
      expect((await page.request.get(address.pathname)).status()).toBe(410);
      expect((await page.request.get(shown!)).status()).toBe(410);
    }).toPass({ timeout: 5_000, intervals: [200] });
    await page.reload();
    const headline = page.getByRole('heading', { level: 1 });
    await expect(headline).not.toHaveText(project.projectName);
    // Told in words, drawn with the result pages' own stylesheet (a headline, not body text).
    expect(Number.parseFloat(await headline.evaluate((element) => getComputedStyle(element).fontSize))).toBeGreaterThanOrEqual(22);
    await client.close();
    await stranger.close();

    // A link past its date is no longer valid either.
    const expired = await admin.create<{ data: { documentId: string; url: string } }>(LINK, { label: 'Expired', project: { connect: [{ documentId: project.documentId, locale: 'zh-Hans' }] }, expiresAt: new Date(Date.now() - 1_000).toISOString() });
    links.push(expired.data.documentId);
    const gone = await fetch(`${baseURL}${new URL(expired.data.url).pathname}`);
    expect(gone.status).toBe(410);
    expect(await gone.text()).not.toContain(project.projectName);
  });

  test('guessing tokens shows nothing, is slowed to 429, and slows no one else', async ({ baseURL }) => {
    const other = { 'x-forwarded-for': '198.51.100.20' };
    const timed = async () => {
      const started = performance.now();
      const answer = await fetch(`${baseURL}/dailyPage/project`, { headers: other });
      await answer.arrayBuffer();
      return { status: answer.status, ms: performance.now() - started };
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const before: number[] = [];
    for (let n = 0; n < 9; n += 1) before.push((await timed()).ms);

    const guesser = { 'x-forwarded-for': '203.0.113.99' };
    const statuses: number[] = [];
    const during: Array<{ status: number; ms: number }> = [];
    const guessing = (async () => {
      for (let n = 0; n < 500; n += 1) {
        const token = createHash('sha256').update(`guess ${n} ${Math.random()}`).digest('base64url').slice(0, 32);
        const answer = await fetch(`${baseURL}/s/${token}`, { headers: guesser });
        await answer.arrayBuffer();
        statuses.push(answer.status);
      }
    })();
    while (statuses.length < 500) during.push(await timed());
    await guessing;

    expect(statuses[0]).toBe(404);
    expect(new Set(statuses)).toEqual(new Set([404, 429]));
    const firstSlowed = statuses.indexOf(429);
    expect(firstSlowed).toBeGreaterThan(0);
    expect(statuses.slice(firstSlowed).every((status) => status === 429)).toBe(true);
    // The other visitor was answered throughout, as fast as before (within the machine's noise).
    expect(during.every((entry) => entry.status === 200)).toBe(true);
    expect(median(during.map((entry) => entry.ms))).toBeLessThan(median(before) * 5 + 100);
  });

  test('views: 5 people viewing a project count 5, not its fetch-aheads, a preview or a crawler; share links count their opens; the admin home page shows them', async ({ baseURL, browser, page }) => {
    test.setTimeout(120_000);
    const admin = await adminSession(cmsUrl());
    // A project of this test's own, so no view another test's browser sent (in a batch still on
    // its way) is counted with these.
    const viewedName = `浏览计数 ${Date.now()}`;
    const { data: viewed } = await admin.create<{ data: { documentId: string } }>(PROJECT, { projectName: viewedName, visibility: 'public' });
    created.push(viewed.documentId);
    await admin.publish(PROJECT, viewed.documentId, {}, 'zh-Hans');
    await expect.poll(async () => (await fetch(`${baseURL}${detail(viewed.documentId)}`)).status, { timeout: 5_000 }).toBe(200);
    type Summary = { top: Array<{ documentId: string; name: string; type: string; views: number }>; links: Array<{ label: string; opens: number }> };
    const summary = async () => (await admin.call<{ data: Summary }>('GET', '/admin/studio/views')).data;
    const viewsOf = async () => (await admin.call<{ data: Summary }>('GET', '/admin/studio/views?top=100')).data.top.find((entry) => entry.documentId === viewed.documentId)?.views ?? 0;

    // Five people, each from an address of their own (the site trusts loopback's X-Forwarded-For).
    for (let n = 0; n < 5; n += 1) {
      const visitor = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${100 + n}` } });
      const tab = await visitor.newPage();
      await open(tab, detail(viewed.documentId));
      await expect(tab.getByRole('heading', { level: 1, name: viewedName })).toBeVisible();
      await visitor.close();
    }
    // Fetched ahead (as a hover or the idle prefetch does): data, never a view.
    for (let n = 0; n < 10; n += 1) expect((await fetch(`${baseURL}/dailyPage/project/${viewed.documentId}.data?documentId=${viewed.documentId}`)).status).toBe(200);
    // An editor's preview of it, and a crawler.
    const previewUrl = await admin.previewUrl(PROJECT, viewed.documentId, 'published');
    const editor = await browser.newContext();
    await open(await editor.newPage(), previewUrl!);
    await editor.close();
    const crawler = await browser.newContext({ baseURL, userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await open(await crawler.newPage(), detail(viewed.documentId));
    await crawler.close();

    // A share link opened twice counts 2 opens.
    const made = await admin.create<{ data: { documentId: string; url: string } }>(LINK, { label: 'Counted opens', project: { connect: [{ documentId: viewed.documentId, locale: 'zh-Hans' }] } });
    links.push(made.data.documentId);
    for (let n = 0; n < 2; n += 1) {
      const visitor = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${110 + n}` } });
      await open(await visitor.newPage(), new URL(made.data.url).pathname);
      await visitor.close();
    }

    // Sent in batches, never on the request's way: within a couple of batches.
    await expect.poll(viewsOf, { timeout: 30_000, intervals: [1_000] }).toBe(5);
    await expect.poll(async () => (await summary()).links.find((entry) => entry.label === 'Counted opens')?.opens ?? 0, { timeout: 30_000, intervals: [1_000] }).toBe(2);
    const entry = await admin.call<{ data: { opens: number; lastOpenedAt: string | null } }>('GET', `/content-manager/collection-types/${LINK}/${made.data.documentId}`);
    expect(entry.data.opens).toBe(2);
    expect(entry.data.lastOpenedAt).not.toBeNull();

    // The admin's home page shows the same, in Strapi's own widget frame.
    const shown = await summary();
    await signInToAdmin(page);
    const widget = page.getByRole('region', { name: 'Seen on the site, last 30 days' });
    const top = widget.locator('[data-widget="top"] li').filter({ hasText: shown.top[0]!.name }).first();
    await expect(top).toBeVisible({ timeout: 20_000 });
    await expect(top).toContainText(`${shown.top[0]!.type}${shown.top[0]!.views}`);
    await expect(widget.getByRole('img', { name: /Views per day/ })).toBeVisible();
    // Every row each widget lists is in sight without scrolling inside its frame (the frame clips
    // what does not fit; under the views' list the links' heading once sat at its bottom edge).
    const topRows = widget.locator('[data-widget="top"] li');
    await expect(topRows).toHaveCount(Math.min(3, shown.top.length));
    await widget.scrollIntoViewIfNeeded();
    await expect(topRows.last()).toBeInViewport({ ratio: 1 });
    // The share links opened have a widget of their own.
    const linksWidget = page.getByRole('region', { name: 'Share links opened' });
    await linksWidget.scrollIntoViewIfNeeded();
    const linkRows = linksWidget.locator('[data-widget="links"] li');
    await expect(linkRows.filter({ hasText: 'Counted opens' })).toContainText(/open, last today .*2$/);
    await expect(linkRows).toHaveCount(Math.min(6, shown.links.length));
    await expect(linkRows.last()).toBeInViewport({ ratio: 1 });
    await linksWidget.getByRole('link', { name: 'All share links' }).click();
    await expect(page).toHaveURL(/\/content-manager\/collection-types\/api::share-link\.share-link/);
    await expect(page.getByRole('row').filter({ hasText: 'Counted opens' })).toBeVisible();
  });
});

/** Signs in to the CMS's admin as an editor does, landing on its home page. */
async function signInToAdmin(page: Page) {
  await page.goto(`${cmsUrl()}/admin`);
  await page.getByLabel(/email/i).fill(E2E_ADMIN.email);
  await page.getByLabel(/^password/i).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await page.waitForURL(/\/admin\/?$/);
}
