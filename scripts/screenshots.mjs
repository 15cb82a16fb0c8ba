// `npm run screenshots`: every route in both layouts, as a visitor sees them, into screenshots/
// (ignored by git). Against SCREENSHOTS_URL when given (a running `npm start`), else on a stack of
// its own: a temporary seeded CMS whose fill translates through a local fake provider (its
// "English" is placeholder words, longer than real English: a stress test of the layouts), and the
// production build.
// Needs the builds (`npm start` or `npm test` makes them) and a Chromium (CHROME_PATH or
// /usr/bin/chromium).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort, rootDir, startCms, startWeb, stop, throwAwaySecrets, waitForFill, webDir } from './lib/stack.mjs';
import { startFakeMyMemory } from '../web/tests/support/fake-mymemory.ts';
import { adminSession, E2E_ADMIN } from '../web/tests/support/cms-admin.ts';

const require = createRequire(path.join(webDir, 'package.json'));
const { chromium } = require('playwright-core');
const outDir = path.join(rootDir, 'screenshots');
const LAYOUTS = {
  web: { viewport: { width: 1440, height: 900 } },
  phone: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  },
};

const servers = [];
let baseUrl = process.env.SCREENSHOTS_URL;
let cmsUrl = process.env.SCREENSHOTS_CMS_URL ?? 'http://127.0.0.1:1337';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'screenshots-'));
let fake;
try {
  if (!baseUrl) {
    execFileSync(process.execPath, [path.join(rootDir, 'scripts', 'build-if-needed.mjs')], { stdio: 'inherit' });
    fs.mkdirSync(path.join(dataDir, 'public', 'uploads'), { recursive: true });
    fake = await startFakeMyMemory(await freePort());
    const secrets = throwAwaySecrets();
    const webPort = await freePort();
    const cms = await startCms({
      port: await freePort(),
      env: {
        ...secrets,
        DATABASE_FILENAME: path.join(dataDir, 'data.db'),
        CMS_PUBLIC_DIR: path.join(dataDir, 'public'),
        CMS_ADMIN_EMAIL: E2E_ADMIN.email,
        CMS_ADMIN_PASSWORD: E2E_ADMIN.password,
        TRANSLATE_URL: `${fake.url}/ok`,
        CMS_FILL_INTERVAL_MS: '200',
        SITE_WEBHOOK_URL: `http://127.0.0.1:${webPort}/_webhooks/content`,
      },
    });
    servers.push(cms.child);
    cmsUrl = cms.url;
    const web = await startWeb({
      port: webPort,
      cmsUrl: cms.url,
      env: { CONTENT_CACHE_FILE: path.join(dataDir, 'content.db'), SITE_WEBHOOK_SECRET: secrets.SITE_WEBHOOK_SECRET },
    });
    servers.push(web.child);
    baseUrl = web.url;
    // Every locale shot whole: a third one added as a studio would (German, with the header's
    // language menu), and the CMS's machine fills them first.
    await (await adminSession(cms.url)).call('POST', '/i18n/locales', { code: 'de', name: 'German (de)', isDefault: false });
    await waitForFill(cms.url, { secret: secrets.SITE_WEBHOOK_SECRET, locales: ['en', 'de'] });
  }
  const first = async (query) => (await (await fetch(`${cmsUrl}/api/${query}`)).json()).data;
  const withVideo = (await first('projects?populate[images][fields][0]=ext&pagination[pageSize]=100')).find((project) =>
    project.images.some((image) => image.ext === '.mp4'),
  );
  const [article] = await first('articles?sort[0]=articleTime:desc&fields[0]=articleName');
  const projectPath = `/dailyPage/project/${withVideo.documentId}?documentId=${withVideo.documentId}`;
  const articlePath = `/dailyPage/article/${article.documentId}?documentId=${article.documentId}`;

  // Issue 39: a share link as a client opens it, and one the studio revoked (on a stack of our own,
  // where the admin's credentials are known).
  let shared;
  if (!process.env.SCREENSHOTS_URL) {
    const admin = await adminSession(cmsUrl);
    const link = (label, extra = {}) => admin.create('api::share-link.share-link', { label, project: { connect: [{ documentId: withVideo.documentId, locale: 'zh-Hans' }] }, ...extra });
    const open = await link('Screenshots');
    const revoked = await link('Screenshots, revoked', { revoked: true });
    shared = { open: new URL(open.data.url).pathname, gone: new URL(revoked.data.url).pathname };
  }

  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const shots = [];
  for (const [layout, options] of Object.entries(LAYOUTS)) {
    const context = await browser.newContext({ ...options, locale: 'zh-CN', baseURL: baseUrl });
    const page = await context.newPage();
    const shot = async (name, { fullPage = false } = {}) => {
      const file = path.join(outDir, `${layout}-${name}.png`);
      await page.screenshot({ path: file, fullPage });
      shots.push(path.relative(rootDir, file));
    };
    const settle = (ms) => page.waitForTimeout(ms);
    const openPage = async (url) => {
      await page.goto(url, { waitUntil: 'load' });
    };

    // The landing at 0, 1.5 and 4 s (the logo shows at 1 s, the title's letters take 3 s).
    await openPage('/login');
    await shot('landing-0s');
    await settle(1500);
    await shot('landing-1.5s');
    await settle(2500);
    await shot('landing-4s');
    // Half-way through the slide up into the gallery.
    await page.getByRole('button', { name: /CLICK OR SCROLL/ }).click();
    await settle(500);
    await shot('landing-leaving');
    await page.waitForURL('**/dailyPage/project');
    await settle(1500);
    await shot('gallery');
    // Scrolled two screens down, 1.5 s after.
    await openPage('/dailyPage/project');
    await page.mouse.wheel(0, (options.viewport.height ?? 900) * 2);
    await settle(1500);
    await shot('gallery-scrolled');
    await page.keyboard.press('End');
    await settle(1500);
    await shot('gallery-end');

    // Issue 26: the grid on a slow network before its pictures arrive (their placeholders), and a
    // frame half-way through a tile opening its project (the view transition, held at 200 ms).
    await page.route(/\/_img\/|\/uploads\//, () => {});
    await openPage('/dailyPage/project').catch(() => {});
    await page.evaluate(() => scrollTo(0, 0));
    await settle(600);
    await shot('gallery-before-pictures');
    await page.unroute(/\/_img\/|\/uploads\//);
    await openPage('/dailyPage/project');
    await settle(1500);
    const tile = page.locator('main li a').nth(layout === 'phone' ? 1 : 4);
    await tile.hover();
    await settle(800);
    await tile.click();
    await page.waitForFunction(() => document.getAnimations().some((animation) => String(animation.effect?.pseudoElement ?? '').startsWith('::view-transition')));
    await page.evaluate(() => {
      for (const animation of document.getAnimations()) {
        animation.pause();
        animation.currentTime = 200;
      }
    });
    await shot('tile-to-project-transition');
    await page.evaluate(() => document.getAnimations().forEach((animation) => animation.finish()));

    // The drawers and the contact overlay (once the tiles' entrance is over).
    await openPage('/dailyPage/project');
    await settle(1500);
    await page.getByRole('button', { name: '菜单' }).click();
    await settle(600);
    await shot('menu-drawer');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '筛选分类' }).click();
    await settle(600);
    await shot('category-drawer');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '菜单' }).click();
    await page.getByRole('navigation', { name: '主菜单' }).getByRole('button', { name: 'CONTACT' }).click();
    await settle(800);
    await shot('contact');

    // A project with a video, its media full screen, an article, the profile, a 404.
    await openPage(projectPath);
    await settle(1500);
    await shot('project-video');
    await shot('project-video-full', { fullPage: true });
    await page.getByRole('button', { name: /^全屏查看/ }).first().click();
    await settle(800);
    await shot('viewer');
    // The next item, a picture: the caption and the arrows beside it (under it on a phone).
    await page.getByRole('dialog').getByRole('button', { name: '下一项' }).click();
    await settle(800);
    await shot('viewer-next');
    await openPage(articlePath);
    await settle(1000);
    await shot('article');
    await shot('article-full', { fullPage: true });
    await openPage('/dailyPage/profile');
    await settle(1500);
    await shot('profile');
    await openPage('/no/such/page');
    await shot('404');
    if (shared) {
      await openPage(shared.open);
      await settle(1500);
      await shot('shared');
      await openPage(`/en${shared.open}`);
      await settle(1500);
      await shot('en-shared');
      await openPage(shared.gone);
      await shot('shared-gone');
    }

    // The twins in every other locale of the studio (with the fake provider: its placeholder
    // words, longer than real English or German).
    const locales = await (await fetch(`${cmsUrl}/api/i18n/locales`)).json();
    for (const { code } of locales.filter((locale) => !locale.isDefault)) {
      const prefix = `/${code.toLowerCase()}`;
      const twins = [['project', `${prefix}${projectPath}`], ['gallery', `${prefix}/dailyPage/project`], ['articles', `${prefix}/dailyPage/article`], ['profile', `${prefix}/dailyPage/profile`], ['landing', `${prefix}/login`]];
      for (const [name, url] of twins) {
        await openPage(url);
        await settle(1500);
        await shot(`${code}-${name}`);
      }
    }
    if (locales.length > 2) {
      // The header's language menu, open.
      await openPage(`/dailyPage/project`);
      await settle(1200);
      await page.locator('details[data-language-menu] summary').click();
      await settle(300);
      await shot('language-menu');
    }
    await context.close();
  }
  if (shared) {
    // The admin's home page with the views and share links widgets (the pages above were views; the site sends them within 10 s).
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    await page.goto(`${cmsUrl}/admin`);
    await page.getByLabel(/email/i).fill(E2E_ADMIN.email);
    await page.getByLabel(/^password/i).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: /log ?in/i }).click();
    for (const [name, title] of [
      ['views', 'Seen on the site, last 30 days'],
      ['links', 'Share links opened'],
    ]) {
      const widget = page.getByRole('region', { name: title });
      await widget.scrollIntoViewIfNeeded();
      await page.waitForTimeout(1500);
      const file = path.join(outDir, `admin-home-${name}.png`);
      await widget.screenshot({ path: file });
      shots.push(path.relative(rootDir, file));
    }
    await context.close();
  }
  await browser.close();
  console.log(`${shots.length} screenshots in ${path.relative(process.cwd(), outDir) || '.'}/:\n${shots.join('\n')}`);
} finally {
  for (const child of servers.reverse()) await stop(child);
  await fake?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
