import { expect, test, type Page } from './fixtures';
import { accessibilityViolations as violations, cmsData, english, languageToggle, ONE_LAYOUT, open, SERVER_ONLY, sitePages, studioData } from './support';

/** Issue 13: metadata, structured data, sitemap, icons, and no accessibility violation anywhere. */

interface Entry {
  documentId: string;
  updatedAt: string;
}

const meta = (page: Page, selector: string) => page.locator(selector).first().getAttribute('content');
const jsonLd = (page: Page) =>
  page.locator('script[type="application/ld+json"]').evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? 'null') as Record<string, unknown>));

test.describe('metadata and structured data', () => {
  test('every page has a title, a description, a canonical address and a link preview', SERVER_ONLY, async ({ page, baseURL, request }) => {
    test.setTimeout(60_000);
    const { project, article } = await sitePages();
    const studio = await studioData();
    for (const path of ['/login', '/dailyPage/project', project, '/dailyPage/article', article, '/dailyPage/profile']) {
      await open(page, path);
      expect(await page.title(), path).toContain(studio.name);
      expect(await meta(page, 'meta[property="og:site_name"]'), path).toBe(studio.name);
      expect((await meta(page, 'meta[name="description"]'))?.length, path).toBeGreaterThan(10);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href'), path).toBe(new URL(path, baseURL).href);
      expect(await meta(page, 'meta[property="og:locale"]'), path).toBe('zh_CN');
      expect(await meta(page, 'meta[property="og:title"]'), path).toBe(await page.title());
      expect(await meta(page, 'meta[name="twitter:card"]'), path).toMatch(/^summary/);
      const types = (await jsonLd(page)).map((data) => data['@type']);
      expect(types, path).toContain('Organization');
      // Every address a link preview names is absolute and answers.
      for (const selector of ['meta[property="og:url"]', 'meta[property="og:image"]', 'meta[name="twitter:image"]']) {
        const tag = page.locator(selector).first();
        if ((await tag.count()) === 0 && selector !== 'meta[property="og:url"]') continue; // a page without a picture
        const url = await tag.getAttribute('content');
        expect(url, `${path} ${selector}`).toMatch(/^https?:\/\//);
        expect((await request.get(url!)).status(), `${path} ${selector}`).toBe(200);
      }
    }
  });

  test("the profile's link preview shows the studio's portrait at 1200 px", SERVER_ONLY, async ({ page, request }) => {
    await open(page, '/dailyPage/profile');
    const image = await meta(page, 'meta[property="og:image"]');
    expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_img\/1200\/uploads\//);
    const portrait = await page.locator('main img').first().getAttribute('src');
    expect(image!.split('/uploads/')[1]?.replace(/\.\w+$/, '')).toBe(portrait!.split('/uploads/')[1]?.replace(/\.\w+$/, ''));
    expect((await request.get(image!, { headers: { accept: 'image/jpeg' } })).status()).toBe(200);
    expect(await meta(page, 'meta[name="twitter:card"]')).toBe('summary_large_image');
  });

  test('a project and an article share a 1200 px picture and describe themselves in JSON-LD', SERVER_ONLY, async ({ page, request }) => {
    const { project, article } = await sitePages();
    for (const [path, type, dateKey] of [
      [project, 'CreativeWork', 'dateCreated'],
      [article, 'Article', 'datePublished'],
    ] as const) {
      await open(page, path);
      const image = await meta(page, 'meta[property="og:image"]');
      expect(image, path).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_img\/1200\/uploads\//);
      const picture = await request.get(image!, { headers: { accept: 'image/jpeg' } });
      expect(picture.status()).toBe(200);
      expect(picture.headers()['content-type']).toMatch(/^image\//);
      expect(await meta(page, 'meta[name="twitter:card"]')).toBe('summary_large_image');
      const data = await jsonLd(page);
      const work = data.find((entry) => entry['@type'] === type)!;
      expect(work, path).toBeTruthy();
      expect(work['@context']).toBe('https://schema.org');
      expect(work.image).toBe(image);
      // The required fields, against the CMS's own content.
      const id = new URL(path, 'http://x').searchParams.get('documentId')!;
      if (type === 'CreativeWork') {
        const entry = await cmsData<{ projectName: string; author: string | null; addTime: string | null }>(`/api/projects/${id}?fields[0]=projectName&fields[1]=author&fields[2]=addTime`);
        expect(work.name).toBe(entry.projectName);
        if (entry.author) expect(work.author).toEqual({ '@type': 'Person', name: entry.author });
        if (entry.addTime) expect(work[dateKey]).toBe(entry.addTime);
      } else {
        const entry = await cmsData<{ articleName: string; articleTime: string | null }>(`/api/articles/${id}?fields[0]=articleName&fields[1]=articleTime`);
        expect(work.headline).toBe(entry.articleName);
        if (entry.articleTime) expect(work[dateKey]).toBe(entry.articleTime);
      }
      const crumbs = data.find((entry) => entry['@type'] === 'BreadcrumbList') as { itemListElement: Array<{ position: number; item: string }> };
      expect(crumbs.itemListElement.map((item) => item.position)).toEqual([1, 2]);
      expect(crumbs.itemListElement[1]!.item).toBe(new URL(path, page.url()).href);
    }
    const organisation = (await jsonLd(page)).find((entry) => entry['@type'] === 'Organization')!;
    const contact = await cmsData<{ mail: string; phonenum: string }>('/api/contact-mess');
    const studio = await studioData();
    expect(organisation).toMatchObject({ name: studio.name, email: contact.mail, telephone: contact.phonenum });
    // The country of the studio's content (issue 37), never a constant.
    expect((organisation.address as { addressCountry?: string } | undefined)?.addressCountry).toBe(studio.country ?? undefined);
  });

  test('the 404 page is not for search engines', SERVER_ONLY, async ({ page }) => {
    const response = await open(page, '/no-such-page');
    expect(response?.status()).toBe(404);
    expect(await meta(page, 'meta[name="robots"]')).toBe('noindex');
  });

  test('the toggle changes the document title with the page, and back', ONE_LAYOUT, async ({ page }) => {
    const [chinese, englishStudio] = await Promise.all([studioData('zh-Hans'), studioData('en')]);
    await open(page, '/dailyPage/article');
    expect(await page.title()).toBe(`文章 · ${chinese.name}`);
    await languageToggle(page).click();
    // The studio's English name is the studio's own (the CMS's en locale), not a translation.
    await expect.poll(() => page.title()).toBe(`Articles · ${englishStudio.name}`);
    await languageToggle(page).click();
    await expect.poll(() => page.title()).toBe(`文章 · ${chinese.name}`);
  });
});

test.describe('sitemap, robots and icons', () => {
  test('/sitemap.xml lists every route, category, project and article with the CMS’s updatedAt; robots.txt points at it', SERVER_ONLY, async ({ request, baseURL }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('xml');
    const xml = await response.text();
    const unescape = (text: string) => text.replaceAll('&#38;', '&');
    const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?((?:<xhtml:link [^>]+\/>)*)<\/url>/g)];
    const urls = entries.map(([, loc, lastmod]) => ({ loc: unescape(loc!), lastmod }));
    // Each address in both languages, each naming its twin and the Chinese default (issue 28).
    for (const [, loc, , links] of entries) {
      const alternates = Object.fromEntries([...links!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [lang, unescape(href!)]));
      const zh = unescape(loc!).replace(/^(https?:\/\/[^/]+)\/en(?=\/)/, '$1');
      expect(alternates).toEqual({ 'zh-Hans': zh, en: zh.replace(/^(https?:\/\/[^/]+)/, '$1/en'), 'x-default': zh });
    }
    const projects = await cmsData<Entry[]>('/api/projects?fields[0]=updatedAt&sort[0]=projectName:asc');
    const articles = await cmsData<Entry[]>('/api/articles?fields[0]=updatedAt');
    for (const path of ['/login', '/dailyPage/project', '/dailyPage/article', '/dailyPage/profile']) expect(urls.map((url) => url.loc)).toContain(new URL(path, baseURL).href);
    for (const project of projects) {
      expect(urls).toContainEqual({ loc: new URL(`/dailyPage/project/${project.documentId}?documentId=${project.documentId}`, baseURL).href, lastmod: project.updatedAt });
      expect(urls).toContainEqual({ loc: new URL(english(`/dailyPage/project/${project.documentId}?documentId=${project.documentId}`), baseURL).href, lastmod: project.updatedAt });
    }
    for (const article of articles) {
      expect(urls).toContainEqual({ loc: new URL(`/dailyPage/article/${article.documentId}?documentId=${article.documentId}`, baseURL).href, lastmod: article.updatedAt });
    }
    // The grid of each category, the address its own canonical link names, so a crawler finds the filtered grids.
    const categories = await cmsData<Array<{ designType: string }>>('/api/categories');
    expect(categories.length).toBeGreaterThan(0);
    for (const { designType } of categories) {
      const grid = `/dailyPage/project?${new URLSearchParams({ category: designType })}`;
      expect(urls).toContainEqual({ loc: new URL(grid, baseURL).href, lastmod: projects.map((project) => project.updatedAt).sort().at(-1) });
      expect(urls.map((url) => url.loc)).toContain(new URL(english(grid), baseURL).href);
    }
    expect(urls).toHaveLength(2 * (4 + categories.length + projects.length + articles.length));
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${new URL('/sitemap.xml', baseURL).href}`);
    expect(robots).toMatch(/^User-agent: \*/m);
  });

  test('favicon (ICO), touch icon and manifest are made from the studio’s mark', SERVER_ONLY, async ({ page, request }) => {
    await open(page, '/dailyPage/project');
    // The tab's icon is pixels only: an SVG icon is drawn as a document on the page's main thread
    // each time the browser fetches it, inside a move (decision 022, fortieth pass).
    expect(await page.locator('link[rel="icon"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname))).toEqual(['/favicon.ico']);
    for (const selector of ['link[rel="icon"]', 'link[rel="apple-touch-icon"]', 'link[rel="manifest"]']) {
      const href = await page.locator(selector).getAttribute('href');
      expect(href, selector).toBeTruthy();
      expect((await request.get(href!)).status(), href!).toBe(200);
    }
    const ico = await (await request.get('/favicon.ico')).body();
    expect(ico.readUInt16LE(2)).toBe(1); // an icon
    expect(ico.readUInt16LE(4)).toBe(3); // 16, 32 and 48 px
    const touch = await (await request.get('/apple-touch-icon.png')).body();
    expect(touch.subarray(1, 4).toString()).toBe('PNG');
    expect(touch.readUInt32BE(16)).toBe(180); // width in the PNG header
    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as { name: string; short_name: string; lang: string; start_url: string; icons: Array<{ src: string; sizes: string }> };
    expect(manifest.start_url).toBe('/login');
    // The studio's own names, in the language of the pages that name the manifest (issue 37).
    expect(manifest.short_name).toBe((await studioData()).name);
    expect(manifest.lang).toBe('zh-Hans');
    const englishManifest = (await (await request.get('/en/manifest.webmanifest')).json()) as { short_name: string; lang: string; start_url: string };
    expect(englishManifest).toMatchObject({ short_name: (await studioData('en')).name, lang: 'en', start_url: '/en/login' });
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  });
});

test.describe('accessibility (axe: WCAG 2.0–2.2 A/AA and best practice)', () => {
  // The final state of every animation at once: axe judges what the visitor reads.
  test.use({ colorScheme: 'light', reducedMotion: 'reduce' });

  // One test per language: together they took 2.5–3 min on a slow machine, at the edge of the timeout.
  for (const language of ['zh', 'en'] as const) {
    test(`no violation on any page, with the drawers and the contact overlay open, in ${language === 'en' ? 'English' : 'Chinese'}`, async ({ page }) => {
      test.setTimeout(180_000);
      const { project, article } = await sitePages();
      const at = (path: string) => (language === 'en' ? english(path) : path);
      for (const path of ['/login', '/dailyPage/project', project, '/dailyPage/article', article, '/dailyPage/profile', '/no-such-page']) {
        await open(page, at(path));
        await expect(page.locator('html')).toHaveAttribute('lang', language === 'en' ? 'en' : 'zh-Hans');
        expect(await violations(page), `${language} ${path}`).toEqual([]);
      }
      await open(page, at('/dailyPage/project'));
      await page.locator('[aria-controls="menu-drawer"]').click();
      await expect(page.locator('#menu-drawer')).toBeVisible();
      expect(await violations(page), `${language} menu drawer`).toEqual([]);
      await page.locator('#menu-drawer').getByRole('button', { name: 'CONTACT' }).click();
      await expect(page.getByRole('dialog', { name: 'CONTACT' })).toBeVisible();
      // Its content comes with the panel's first opening (a chunk of its own): judged once it is there.
      await expect(page.getByRole('dialog', { name: 'CONTACT' }).locator('a[href^="tel:"]')).toBeVisible();
      expect(await violations(page), `${language} contact overlay`).toEqual([]);
      await page.keyboard.press('Escape');
      await open(page, at('/dailyPage/project'));
      await page.locator('[aria-controls="category-drawer"]').click();
      await expect(page.locator('#category-drawer')).toBeVisible();
      expect(await violations(page), `${language} category drawer`).toEqual([]);
    });
  }
});
