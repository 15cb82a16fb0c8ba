import { expect, test, type Locator, type Page } from './fixtures';
import { isPhone, open, sitePages, studioData } from './support';

/**
 * Issue 30, what can be pinned of the type: lining figures everywhere, tabular ones in dates and
 * phone numbers; Chinese never leaves a character alone on a line; the 404 inside the site's shell.
 */

/**
 * The lines of an element's text as drawn (one Range per character, grouped by where it sits),
 * and among them those holding a single Han character and at most one mark of punctuation: a
 * character left alone, which a typesetter never leaves.
 */
async function loneLines(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const lines = new Map<number, string>();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index += 1) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = range.getClientRects()[0];
        if (!rect || rect.width === 0) continue;
        const top = Math.round(rect.top + rect.height / 2);
        const line = [...lines.keys()].find((known) => Math.abs(known - top) < rect.height / 2) ?? top;
        lines.set(line, (lines.get(line) ?? '') + text[index]);
      }
    }
    return [...lines.values()].filter((line) => {
      const han = line.match(/\p{Script=Han}/gu)?.length ?? 0;
      const rest = line.replace(/[\p{Script=Han}\s]/gu, '').length;
      return han === 1 && rest <= 1;
    });
  });
}

const numerals = (element: Locator) => element.evaluate((node) => getComputedStyle(node).fontVariantNumeric);

test('dates and phone numbers are set in lining, tabular figures; running text in lining figures', async ({ page }) => {
  const { article } = await sitePages();
  await open(page, article);
  expect(await numerals(page.locator('main time').first())).toBe('lining-nums tabular-nums');
  expect(await numerals(page.locator('main p').first())).toBe('lining-nums');
  // The phone number is in the contact panel, drawn once it is opened.
  await page.getByRole('button', { name: '菜单' }).click();
  await page.getByRole('button', { name: 'CONTACT' }).click();
  expect(await numerals(page.locator('#contact-overlay a[href^="tel:"]'))).toBe('lining-nums tabular-nums');
});

test('no Chinese line ends on a lone character: the landing subtitle and the profile text', async ({ page }) => {
  const { tagline } = await studioData();
  await open(page, '/login');
  const subtitle = page.locator('h1 span').filter({ hasText: tagline.split(' · ')[0]! }).last();
  await expect(subtitle).toBeVisible();
  expect(await loneLines(subtitle)).toEqual([]);
  await open(page, '/dailyPage/profile');
  for (const text of await page.locator('main section p').all()) expect(await loneLines(text)).toEqual([]);
});

test('the 404 page sits inside the site\'s shell: its header, menu and contact panel', async ({ page }) => {
  const response = await open(page, '/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('抱歉，您访问的页面不存在。');
  // Drawn with its own stylesheet, which this page links (no other page's document carries it): the
  // landing title's large numerals, the block in the middle of the window.
  const code = page.locator('main p', { hasText: /^404$/ });
  expect(Number.parseFloat(await code.evaluate((element) => getComputedStyle(element).fontSize))).toBeGreaterThanOrEqual(96);
  const box = (await code.boundingBox())!;
  expect(Math.abs(box.x + box.width / 2 - page.viewportSize()!.width / 2)).toBeLessThan(8);
  const menu = page.getByRole('button', { name: '菜单' });
  await expect(menu).toBeVisible();
  await menu.click();
  await expect(page.getByRole('link', { name: /PROFILE/ }).first()).toBeVisible();
  // One header, the site's (the 404's own bar is gone).
  await expect(page.locator('header')).toHaveCount(1);
  if (await isPhone(page)) return;
  await expect(page.locator('header').getByRole('link', { name: (await studioData()).name })).toBeVisible();
});

test('a phone names the project on the first screen, under its first picture, keeping media first', async ({ page }) => {
  const { project } = await sitePages();
  await open(page, project);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  const caption = page.locator('main p[aria-hidden="true"]').filter({ hasText: name });
  if (!(await isPhone(page))) {
    await expect(caption).toBeHidden(); // on the web the panel beside the media names it
    return;
  }
  await expect(caption).toBeVisible();
  const box = (await caption.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  // The spec's order stays: the first picture, then (much later) the panel with the heading.
  const picture = (await page.locator('main figure, main button img, main video').first().boundingBox())!;
  expect(picture.y).toBeLessThan(box.y);
  expect((await page.getByRole('heading', { level: 1 }).boundingBox())!.y).toBeGreaterThan(box.y);
});

test('the wordmark is drawn in its own face from the first paint, on a first visit', async ({ page }) => {
  const { nameLatin } = await studioData();
  await page.goto('/dailyPage/project');
  // Before any script or stylesheet download could have brought Raleway: the face is in the page.
  const drawn = await page.evaluate(async (wordmark) => {
    const name = [...document.querySelectorAll('header span')].find((span) => span.children.length === 0 && span.textContent === wordmark)!;
    // A face declared in the page, loaded from the page itself (a data URL): nothing to wait for.
    const faces = await document.fonts.load('700 13px "Studio Wordmark"', wordmark);
    return { family: getComputedStyle(name).fontFamily, ready: faces.length >= 1 && faces.every((face) => face.status === 'loaded') };
  }, nameLatin);
  expect(drawn.family).toMatch(/^"Studio Wordmark"/);
  expect(drawn.ready).toBe(true);
});

/** The typeface's files this page has asked for, and whether each was asked for before its `load` event. */
const facesAskedFor = (page: Page) =>
  page.evaluate(() => {
    const loadedAt = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => /\/raleway-[^/]+\.woff2$/.test(entry.name))
      .map((entry) => ({ name: entry.name.split('/').pop()!, beforeLoad: loadedAt.loadEventStart === 0 || entry.startTime < loadedAt.loadEventStart }));
  });

/**
 * Whether the page's text is drawn in the typeface: named first in its font stack, and a line set
 * in that stack is not as wide as the same line in the stack without it (the faces' status would
 * not do: a phone draws with faces of its own beside the page's rules, which stay unloaded).
 */
const drawnInTypeface = (page: Page) =>
  page.evaluate(() => {
    const family = getComputedStyle(document.body).fontFamily;
    const width = (stack: string) => {
      const line = document.createElement('span');
      line.textContent = 'Studio typeface, drawn 2025';
      line.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:400 32px ${stack}`;
      document.body.append(line);
      const drawn = line.getBoundingClientRect().width;
      line.remove();
      return drawn;
    };
    return family.startsWith('"Studio Sans"') && Math.abs(width(family) - width(family.replace(/^"Studio Sans",\s*/, ''))) > 1;
  });

test('a desktop window draws its first page in the typeface; a phone from its second page, fetching it (without hinting) once the first has loaded', async ({ page }, testInfo) => {
  await open(page, '/dailyPage/profile');
  // Which project this is (a phone's user agent or a desktop's), not what the page decided it is.
  if (testInfo.project.name !== 'phone') {
    // Windows draws a desktop's small text with TrueType instructions.
    await expect.poll(async () => (await facesAskedFor(page)).length).toBeGreaterThanOrEqual(2);
    expect((await facesAskedFor(page)).filter(({ name }) => name.includes('-unhinted-'))).toEqual([]);
    // Named first from the first page, its faces in (whether they came within `optional`'s 100 ms
    // is the connection's matter, not the page's).
    const named = () => page.evaluate(() => getComputedStyle(document.body).fontFamily.startsWith('"Studio Sans"') && document.fonts.check('400 16px "Studio Sans"', 'Studio'));
    await expect.poll(named).toBe(true);
    return;
  }
  // The first page: no face asked for with it, and its text in the system's faces.
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toContain('Studio Sans');
  // How wide the menu's and the page's first pieces of text are set, line by line added up (so a
  // line broken elsewhere counts the same); the wordmark has a face of its own.
  const linesSet = () =>
    page.evaluate(() => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, (node) =>
        node.textContent?.trim() && node.parentElement?.closest('nav, main') ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP,
      );
      const widths: number[] = [];
      for (let node = walker.nextNode(); node && widths.length < 30; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        widths.push(Math.round([...range.getClientRects()].reduce((sum, line) => sum + line.width, 0) * 2) / 2);
      }
      return widths;
    });
  // Taken before the faces are asked for (the page's text is in the system's faces from the start).
  const before = await linesSet();
  // Once it has loaded: the faces its text needs, cut without hinting (no phone draws with
  // TrueType instructions), and none of them before its load event.
  await expect.poll(async () => (await facesAskedFor(page)).length).toBeGreaterThanOrEqual(2);
  const fetched = await facesAskedFor(page);
  expect(fetched.filter(({ beforeLoad }) => beforeLoad)).toEqual([]);
  expect(fetched.every(({ name }) => name.includes('-unhinted-')), fetched.map(({ name }) => name).join(' ')).toBe(true);
  // The page being read keeps its faces; the next page is drawn in the typeface. The typeface is
  // made ready for that move meanwhile: its faces join the page's, and no line of the page moves.
  const ready = () => page.evaluate(() => [...document.fonts].filter((face) => face.family.includes('Studio Sans') && face.status === 'loaded').length);
  await expect.poll(ready).toBeGreaterThanOrEqual(2);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toContain('Studio Sans');
  expect(await linesSet()).toEqual(before);
  // Readying asked for no other face.
  expect((await facesAskedFor(page)).length).toBe(fetched.length);
  // A move within the page's document (a marker left on its window is still there after it).
  await page.evaluate(() => Object.assign(window, { beforeTheMove: true }));
  await page.locator('header a[href]').first().click();
  await expect(page).not.toHaveURL(/\/dailyPage\/profile$/);
  await expect(page.locator('html')).toHaveAttribute('data-faces', '');
  expect(await page.evaluate(() => 'beforeTheMove' in window)).toBe(true);
  expect(await drawnInTypeface(page)).toBe(true);
  // A later document of the visit: in the typeface from its first paint (the attribute is set by
  // the page's first script, before anything is drawn).
  await page.goto('/dailyPage/article');
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-faces'))).toBe(true);
  await expect.poll(() => drawnInTypeface(page)).toBe(true);
});
