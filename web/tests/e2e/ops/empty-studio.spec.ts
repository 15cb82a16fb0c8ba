import fs from 'node:fs';
import path from 'node:path';
import { devices, expect, test, type Browser, type Page } from '../fixtures';
import { freePort, startCms, startWeb, stop, throwAwaySecrets, type Server } from '../../../../scripts/lib/stack.mjs';
import { UI, UI_EN } from '../../../app/lib/language/ui-text';
import { E2E_ADMIN } from '../../support/cms-admin';
import { accessibilityViolations } from '../support';

test.describe.configure({ mode: 'serial' });

/**
 * A studio that starts as itself, not as the demo (issue 37): a CMS of its own with nothing seeded
 * (CMS_SEED=false, as `npm run seed -w cms -- --empty` leaves it) and a site in front of it. Every
 * page answers, composed, in both layouts and languages.
 */
let cms: Server;
let site: Server;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = fs.mkdtempSync(path.join(process.env.E2E_DATA_DIR ?? '/tmp', 'empty-studio-'));
  fs.mkdirSync(path.join(dataDir, 'public', 'uploads'), { recursive: true });
  const secrets = throwAwaySecrets();
  cms = await startCms({
    port: await freePort(),
    logFile: path.join(dataDir, 'cms.log'),
    timeoutMs: 180_000,
    env: {
      ...secrets,
      DATABASE_CLIENT: 'sqlite',
      DATABASE_FILENAME: path.join(dataDir, 'cms.db'),
      CMS_PUBLIC_DIR: path.join(dataDir, 'public'),
      CMS_SEED: 'false',
      CMS_ADMIN_EMAIL: E2E_ADMIN.email,
      CMS_ADMIN_PASSWORD: E2E_ADMIN.password,
    },
  });
  site = await startWeb({
    port: await freePort(),
    cmsUrl: cms.url,
    logFile: path.join(dataDir, 'site.log'),
    env: {
      CONTENT_CACHE_FILE: path.join(dataDir, 'content.db'),
      IMAGE_CACHE_DIR: path.join(dataDir, 'images'),
      // As the suite's own site (global-setup.ts): with two browsers and two CMSs on two cores, an
      // answer can take longer than a visitor's 1.5 s without anything being wrong, and a page drawn
      // past the deadline shows its empty state, so an unknown id answered 200 (a CI run saw it).
      // What the deadline does is tested where it is set on purpose (ops/resilience.spec.ts).
      CONTENT_DEADLINE_MS: '6000',
    },
  });
});

test.afterAll(async () => {
  await stop(site?.child);
  await stop(cms?.child);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const ROUTES = ['/login', '/dailyPage/project', '/dailyPage/article', '/dailyPage/profile', '/dailyPage/project/none?documentId=none', '/no-such-page'];
const PHONE = devices['Pixel 7'];

async function inLayout(browser: Browser, layout: 'web' | 'phone', run: (page: Page) => Promise<void>) {
  const context = await browser.newContext(
    layout === 'phone'
      ? { ...PHONE, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', reducedMotion: 'reduce' }
      : { viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' },
  );
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

for (const layout of ['web', 'phone'] as const) {
  test(`every page of a studio with nothing yet answers its composed empty state, in both languages (${layout})`, async ({ browser }) => {
    test.setTimeout(180_000);
    await inLayout(browser, layout, async (page) => {
      for (const language of ['zh', 'en'] as const) {
        const ui = language === 'en' ? UI_EN : UI;
        for (const route of ROUTES) {
          const address = language === 'en' ? `/en${route}` : route;
          const response = await page.goto(`${site.url}${address}`);
          const missing = route.includes('none') || route === '/no-such-page';
          expect(response?.status(), address).toBe(missing ? 404 : 200);
          await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
          // Never a blank page: the studio's placeholder name, the page's own words.
          expect(await page.title(), address).toContain(ui.unnamedStudio);
          const text = await page.locator('body').innerText();
          if (route === '/dailyPage/project') expect(text, address).toContain(ui.noProjects);
          if (route === '/dailyPage/article') expect(text, address).toContain(ui.noArticles);
          if (route === '/dailyPage/profile') expect(text, address).toContain(ui.noProfiles);
          if (missing) expect(text, address).toContain(ui.notFound);
          // No filing notice: this studio has none.
          await expect(page.locator('main a[target="_blank"]'), address).toHaveCount(0);
          expect(await accessibilityViolations(page), address).toEqual([]);
        }
      }
    });
  });
}

test('a studio with nothing yet still has its icons and manifest, from the site’s default mark', async () => {
  for (const icon of ['/favicon.svg', '/favicon.ico', '/apple-touch-icon.png', '/icons/icon-512.png']) expect((await fetch(`${site.url}${icon}`)).status, icon).toBe(200);
  const manifest = (await (await fetch(`${site.url}/manifest.webmanifest`)).json()) as { short_name: string };
  expect(manifest.short_name).toBe(UI.unnamedStudio);
});
