import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** The CMS of the running stack (for counting what the site should show). */
export const cmsUrl = () => process.env.E2E_CMS_URL ?? `http://127.0.0.1:${process.env.E2E_CMS_PORT ?? 1437}`;

export async function cmsData<T = Array<Record<string, unknown>>>(pathAndQuery: string): Promise<T> {
  const response = await fetch(`${cmsUrl()}${pathAndQuery}`);
  if (!response.ok) throw new Error(`${pathAndQuery}: ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

/** The language toggle (issue 28): a link to the page's twin, named by where it leads. */
/**
 * A test of what the server answers (addresses, metadata, compression, the sitemap), the same for
 * both layouts: the `phone` project leaves it to `web` (playwright.config.ts). A test that draws,
 * taps or measures the page runs in both.
 */
export const SERVER_ONLY = { tag: '@server-only' } as const;

/**
 * A test of behaviour that is one code path for both layouts, in no component, place or gesture of
 * its own on a phone (a policy, a 404, where a link leads): the `phone` project leaves it to `web`
 * too. The phone's pages are still opened by its own tests, and every page is watched for policy
 * violations there as well (fixtures.ts).
 */
export const ONE_LAYOUT = { tag: '@one-layout' } as const;

export const languageToggle = (page: Page) => page.locator('a[data-language]');

/** The English twin's address of a Chinese page. */
export const english = (path: string) => (path === '/' ? '/en' : `/en${path}`);

export const isPhone = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.layout === 'phone');

/**
 * The priority the browser fetched a picture at, once it has arrived: the one its request ended
 * with (Chromium raises a picture laid out in view to high unless the page asked for it at low
 * priority), or "not asked". Hears `page`'s requests from now on.
 */
export async function picturePriorities(page: Page): Promise<(picture: Locator) => Promise<string>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map<string, { url: string; priority: string }>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => requests.set(requestId, { url: request.url, priority: request.initialPriority }));
  cdp.on('Network.resourceChangedPriority', ({ requestId, newPriority }) => {
    const request = requests.get(requestId);
    if (request) request.priority = newPriority;
  });
  return async (picture) => {
    await expect(picture).toHaveJSProperty('complete', true);
    const url = await picture.evaluate((image: HTMLImageElement) => image.currentSrc);
    return [...requests.values()].filter((request) => request.url === url).at(-1)?.priority ?? 'not asked';
  };
}

/** Each element's size and how much of it (px²) the window shows now: 0 when it is off the screen. */
export function onScreenBoxes(elements: Locator): Promise<Array<{ width: number; height: number; shown: number }>> {
  return elements.evaluateAll((items) =>
    items.map((item) => {
      const box = item.getBoundingClientRect();
      const high = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
      const wide = Math.min(box.right, innerWidth) - Math.max(box.left, 0);
      return { width: box.width, height: box.height, shown: high > 0 && wide > 0 ? high * wide : 0 };
    }),
  );
}

/** Opens a page and waits until React has hydrated it, so clicks and keys reach their handlers. */
export async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  return response;
}

/**
 * Makes a move and returns the `<style>` elements the browser made during it (their first words).
 * The policy lets through only inline styles carrying the response's nonce, which only the server's
 * HTML has: a page's styles must all come from the server (React adopts them), and one made anew in
 * the browser is blocked, its rules lost (a page without its tokens, a visitor's first time).
 */
export async function stylesMadeBy(page: Page, move: () => Promise<void>): Promise<string[]> {
  type Marked = Window & { serverStyles?: Set<Element> };
  await page.evaluate(() => {
    (window as Marked).serverStyles = new Set(document.querySelectorAll('style'));
  });
  await move();
  return page.evaluate(() =>
    [...document.querySelectorAll('style')].filter((style) => !(window as Marked).serverStyles?.has(style)).map((style) => (style.textContent ?? '').slice(0, 60)),
  );
}

/** The custom properties (the site's tokens) in effect on the page's root. */
export const rootTokens = (page: Page) =>
  page.evaluate(() => [...getComputedStyle(document.documentElement)].filter((name) => name.startsWith('--')).sort());

/** Every page of the site: the lists, the first project and article (by name), the profile, and a 404. */
export async function sitePages() {
  const [project] = await cmsData<Array<{ documentId: string }>>('/api/projects?fields[0]=projectName&sort[0]=projectName:asc');
  const [article] = await cmsData<Array<{ documentId: string }>>('/api/articles?fields[0]=articleName');
  const projectPath = `/dailyPage/project/${project!.documentId}?documentId=${project!.documentId}`;
  const articlePath = `/dailyPage/article/${article!.documentId}?documentId=${article!.documentId}`;
  return {
    project: projectPath,
    article: articlePath,
    all: ['/login', '/dailyPage/project', projectPath, '/dailyPage/article', articlePath, '/dailyPage/profile', '/no-such-page'],
  };
}

/** The studio as the CMS holds it in one locale (issue 37): tests read its identity, never the demo's literals. */
export interface StudioData {
  documentId: string;
  name: string;
  nameLatin: string;
  subtitle: string;
  tagline: string;
  description: string;
  copyrightHolder: string;
  filingNumber: string | null;
  filingUrl: string | null;
  country: string | null;
  themeColor: string | null;
  logo: { id: number; url: string } | null;
  shareImage: { id: number; url: string } | null;
}

export const studioData = (locale: 'zh-Hans' | 'en' = 'zh-Hans') =>
  cmsData<StudioData>(`/api/studio?locale=${locale}&populate[logo][fields][0]=url&populate[shareImage][fields][0]=url`);

/**
 * What axe (WCAG 2.0–2.2 A/AA and best practice) finds on the page as it is now: one line per
 * rule broken, with the elements that break it. In one pass inside the page (axe's "legacy" mode):
 * the site has no frames, and the default mode opens a blank page of its own for every run to
 * merge the frames' results, twice the time.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).setLegacyMode(true).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
