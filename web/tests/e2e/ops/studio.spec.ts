import { expect, test, type Locator } from '../fixtures';
import sharp from 'sharp';
import { adminSession } from '../../support/cms-admin';
import { cmsData, cmsUrl, english, open, sitePages, studioData } from '../support';

test.describe.configure({ mode: 'serial' });

const STUDIO = 'api::studio.studio';
const LOCALIZED = ['name', 'nameLatin', 'subtitle', 'tagline', 'description', 'copyrightHolder'] as const;

/** What a page, as the server sends it, shows as the studio's identity: title, link preview, structured data. */
async function identityOf(baseURL: string, path: string) {
  const html = await (await fetch(`${baseURL}${path}`)).text();
  const organization = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
    .map((match) => JSON.parse(match[1]!) as { '@type'?: string; name?: string })
    .find((data) => data['@type'] === 'Organization');
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '',
    siteName: /<meta property="og:site_name" content="([^"]*)"/.exec(html)?.[1] ?? null,
    organization: organization?.name ?? null,
    html,
  };
}

/** The colour in the middle of a PNG. */
async function middleColour(url: string) {
  const { data, info } = await sharp(Buffer.from(await (await fetch(url)).arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}

test('the studio made its own in the admin: name, wordmark, lines, no filing number and a new logo show everywhere within 5 s, and come back (issue 37)', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await adminSession(cmsUrl());
  const [zh, en] = await Promise.all([studioData('zh-Hans'), studioData('en')]);
  const { all } = await sitePages();
  // A Berlin studio: Latin Extended letters in its wordmark, no filing number, a blue square logo.
  const berlin = {
    zh: { name: '柏林工作室', nameLatin: 'ŁÓDŹ ATELIER BERLIN', subtitle: '字体 · 展览', tagline: '柏林工作室 · 字体 · 展览', copyrightHolder: '柏林工作室' },
    en: { name: 'Atelier Berlin', nameLatin: 'ŁÓDŹ ATELIER BERLIN', subtitle: 'Type · Exhibitions', tagline: 'Atelier Berlin · Type · Exhibitions', copyrightHolder: 'Atelier Berlin GmbH' },
  };
  const logoSvg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#0033ff"/></svg>';
  const logo = await admin.upload(`berlin-logo-${Date.now()}.svg`, Buffer.from(logoSvg), 'image/svg+xml');
  const original = {
    zh: Object.fromEntries(LOCALIZED.map((field) => [field, zh[field]])),
    en: Object.fromEntries(LOCALIZED.map((field) => [field, en[field]])),
    shared: { filingNumber: zh.filingNumber, filingUrl: zh.filingUrl, logo: zh.logo?.id ?? null, shareImage: zh.shareImage?.id ?? null },
  };
  const pages = [...all, ...all.map(english)];

  try {
    const published = Date.now();
    // Its own logo, no filing number, and no share picture yet (the demo's card is the demo's).
    await admin.publishSingle(STUDIO, 'zh-Hans', { ...berlin.zh, filingNumber: null, filingUrl: null, logo, shareImage: null });
    await admin.publishSingle(STUDIO, 'en', berlin.en);

    // Within 5 s, on both twins: the title, link preview, structured data, wordmark and strips.
    await expect(async () => {
      const shown = await identityOf(baseURL!, '/dailyPage/project');
      expect(shown.title).toContain(berlin.zh.name);
      expect(shown.siteName).toBe(berlin.zh.name);
      expect(shown.organization).toBe(berlin.zh.name);
      expect((await identityOf(baseURL!, english('/dailyPage/project'))).siteName).toBe(berlin.en.name);
    }).toPass({ timeout: 5_000, intervals: [200] });
    test.info().annotations.push({ type: 'publish to page', description: `${Date.now() - published} ms` });

    for (const path of pages) {
      const { title, siteName, html } = await identityOf(baseURL!, path);
      const twin = path.startsWith('/en') ? berlin.en : berlin.zh;
      expect(title, path).toContain(twin.name);
      if (!path.includes('no-such-page')) expect(siteName, path).toBe(twin.name);
      // Nothing of the identity it had: its wordmark, lines, copyright or filing number.
      for (const old of [zh.nameLatin, zh.tagline, en.tagline, zh.subtitle, en.subtitle, zh.filingNumber, `${zh.copyrightHolder} 版权所有`, `${en.copyrightHolder}. All`]) {
        if (old) expect(html.includes(old), `${path}: ${old}`).toBe(false);
      }
    }

    // The wordmark in the spec's face from the first paint, its Polish letters included.
    await open(page, '/dailyPage/project');
    const wordmark = page.locator('header').getByText(berlin.zh.nameLatin, { exact: true });
    await expect(wordmark).toBeVisible();
    expect(await page.evaluate((text) => document.fonts.check('700 13px "Studio Wordmark"', text), berlin.zh.nameLatin)).toBe(true);
    await expect(wordmark).toHaveCSS('font-family', /^"Studio Wordmark"/);

    // The landing: the new name in letters, and no filing notice at all.
    await open(page, '/login');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(berlin.zh.nameLatin);
    await expect(page.locator('main a[target="_blank"], main p[class*="filing"]')).toHaveCount(0);

    // The manifest and every icon are the new studio's.
    const manifest = (await (await fetch(`${baseURL}/en/manifest.webmanifest`)).json()) as { name: string; short_name: string; icons: Array<{ src: string }> };
    expect(manifest.short_name).toBe(berlin.en.name);
    expect(manifest.name).toContain(berlin.en.nameLatin);
    expect(await (await fetch(`${baseURL}/favicon.svg`)).text()).toBe(logoSvg);
    for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/apple-touch-icon.png']) expect(await middleColour(`${baseURL}${icon}`), icon).toEqual({ r: 0, g: 51, b: 255 });
    expect((await fetch(`${baseURL}/favicon.ico`)).status).toBe(200);
  } finally {
    await admin.publishSingle(STUDIO, 'zh-Hans', { ...original.zh, ...original.shared });
    await admin.publishSingle(STUDIO, 'en', original.en);
    await admin.deleteFile(logo).catch(() => undefined);
  }

  // Restored: the studio as seeded, everywhere again.
  await expect(async () => {
    const shown = await identityOf(baseURL!, '/login');
    expect(shown.siteName).toBe(zh.name);
    expect(shown.html).toContain(zh.nameLatin);
    if (zh.filingNumber) expect(shown.html).toContain(zh.filingNumber);
  }).toPass({ timeout: 5_000, intervals: [200] });
  expect(((await (await fetch(`${baseURL}/manifest.webmanifest`)).json()) as { short_name: string }).short_name).toBe(zh.name);
});

test('a picture’s focal point, set near its edge in the media library, stays inside every crop: tall tiles, article cards and the social card', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await adminSession(cmsUrl());
  // A picture of the test's own: grey, with a red disc near its top right corner (92 %, 8 %).
  const size = { width: 2000, height: 3000 };
  const disc = { x: Math.round(size.width * 0.92), y: Math.round(size.height * 0.08), r: 70 };
  const picture = await sharp({ create: { ...size, channels: 3, background: { r: 128, g: 128, b: 128 } } })
    .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"><circle cx="${disc.x}" cy="${disc.y}" r="${disc.r}" fill="#ff0000"/></svg>`) }])
    .jpeg()
    .toBuffer();
  const id = await admin.upload(`focus-${Date.now()}.jpg`, picture, 'image/jpeg');
  await admin.updateFile(id, { name: 'focus.jpg', alternativeText: 'A grey field with a red disc near its corner', focalPoint: { x: 92, y: 8 } });

  type Entry = { documentId: string; images?: Array<{ id: number }>; articleImage?: Array<{ id: number }> };
  // A project with a tall tile (no flextype) and an article: the picture becomes their cover.
  const [project] = await cmsData<Array<Entry & { flextype: string | null }>>('/api/projects?fields[0]=flextype&filters[flextype][$null]=true&populate[images][fields][0]=url&sort[0]=projectName:desc');
  const [article] = await cmsData<Entry[]>('/api/articles?fields[0]=articleName&populate[articleImage][fields][0]=url&sort[0]=articleName:desc');
  const projectImages = project!.images!.map((image) => image.id);
  const articleImages = article!.articleImage!.map((image) => image.id);
  /** Whether a screenshot holds the red disc (a cluster of red pixels). */
  const showsDisc = async (png: Buffer) => {
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    let red = 0;
    for (let at = 0; at < data.length; at += info.channels) if (data[at]! > 200 && data[at + 1]! < 60 && data[at + 2]! < 60) red += 1;
    return red;
  };
  try {
    await admin.publish('api::project.project', project!.documentId, { images: [id, ...projectImages] });
    await admin.publish('api::article.article', article!.documentId, { articleImage: [id, ...articleImages] });
    await page.setViewportSize({ width: 1440, height: 900 });
    // Still pictures: no entrance or hover animation between the picture and the screenshot.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    /** The picture in full, decoded and drawn (not its placeholder), then photographed. */
    const drawn = async (image: Locator) => {
      await image.scrollIntoViewIfNeeded();
      await expect(image).toHaveJSProperty('complete', true);
      await image.evaluate(async (element: HTMLImageElement) => {
        await element.decode();
        await Promise.all(element.closest('li, article, a')!.getAnimations({ subtree: true }).map((animation) => animation.finished));
      });
      return image.screenshot({ animations: 'disabled' });
    };

    await expect(async () => {
      await open(page, '/dailyPage/project');
      const tile = page.locator(`a[href*="${project!.documentId}"] img`).first();
      expect(await tile.evaluate((image) => getComputedStyle(image).objectPosition)).toBe('92% 8%');
      expect(await showsDisc(await drawn(tile))).toBeGreaterThan(200);
    }).toPass({ timeout: 10_000, intervals: [500] });

    await open(page, '/dailyPage/article');
    const card = page.locator(`a[href*="${article!.documentId}"] img`).first();
    expect(await showsDisc(await drawn(card))).toBeGreaterThan(100);

    // The project page's link preview: a 1200×630 card cut around the focus.
    await open(page, `/dailyPage/project/${project!.documentId}?documentId=${project!.documentId}`);
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(ogImage).toMatch(/\/_img\/card-90-10\//);
    const cardBytes = Buffer.from(await (await fetch(ogImage!.replace(/^https?:\/\/[^/]+/, baseURL!), { headers: { accept: 'image/png' } })).arrayBuffer());
    const meta = await sharp(cardBytes).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    expect(await showsDisc(await sharp(cardBytes).png().toBuffer())).toBeGreaterThan(200);
  } finally {
    await admin.publish('api::project.project', project!.documentId, { images: projectImages });
    await admin.publish('api::article.article', article!.documentId, { articleImage: articleImages });
    await admin.deleteFile(id).catch(() => undefined);
  }
});

test('a WebM video an editor uploads plays on the project page (issue 37)', async ({ page }) => {
  test.setTimeout(90_000);
  const admin = await adminSession(cmsUrl());
  // A two-second WebM recorded by the browser itself (MediaRecorder), as an editor's export would be.
  await open(page, '/dailyPage/project');
  const webm = Buffer.from(
    await page.evaluate(async () => {
      const canvas = Object.assign(document.createElement('canvas'), { width: 320, height: 180 });
      const context = canvas.getContext('2d')!;
      const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const done = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start(200);
      const started = performance.now();
      await new Promise<void>((resolve) => {
        const frame = () => {
          const t = performance.now() - started;
          context.fillStyle = `hsl(${Math.round(t / 10) % 360} 70% 50%)`;
          context.fillRect(0, 0, 320, 180);
          if (t < 2_000) requestAnimationFrame(frame);
          else resolve();
        };
        frame();
      });
      recorder.stop();
      await done;
      return [...new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer())];
    }),
  );
  const id = await admin.upload(`reel-${Date.now()}.webm`, webm, 'video/webm');
  const [project] = await cmsData<Array<{ documentId: string; images: Array<{ id: number }> }>>('/api/projects?fields[0]=projectName&populate[images][fields][0]=url&sort[0]=projectName:desc');
  const images = project!.images.map((image) => image.id);
  try {
    // After the cover (the spec drops the first item from the detail page).
    await admin.publish('api::project.project', project!.documentId, { images: [images[0], id, ...images.slice(1)] });
    await expect(async () => {
      await open(page, `/dailyPage/project/${project!.documentId}?documentId=${project!.documentId}`);
      await expect(page.locator('main video[src$=".webm"]')).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 10_000, intervals: [500] });
    const video = page.locator('main video[src$=".webm"]');
    await video.scrollIntoViewIfNeeded();
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2);
    expect(await video.evaluate((element: HTMLVideoElement) => element.error)).toBeNull();
  } finally {
    await admin.publish('api::project.project', project!.documentId, { images });
    await admin.deleteFile(id).catch(() => undefined);
  }
});

test('the category drawer draws each category’s icon (issue 37)', async ({ page }) => {
  const categories = await cmsData<Array<{ designType: string; icontype: string }>>('/api/categories');
  await open(page, '/dailyPage/project');
  await page.getByRole('button', { name: '筛选分类' }).click();
  const drawer = page.getByRole('navigation', { name: '项目分类' });
  await expect(drawer.getByRole('link', { name: 'ALL' }).locator('svg')).toHaveCount(1);
  for (const category of categories) {
    await expect(drawer.getByRole('link', { name: category.designType }).locator('svg'), category.designType).toHaveCount(category.icontype ? 1 : 0);
  }
});

