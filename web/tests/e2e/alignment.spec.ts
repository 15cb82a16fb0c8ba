import { expect, test, type Locator, type Page } from './fixtures';
import { cmsData, isPhone, open, sitePages } from './support';

/**
 * Issue 30, what can be pinned of the alignment: everything starts on one side margin (the gutter:
 * 32px on web, 20px on a phone); the pager's glyphs on the text column's edges; the menu's close
 * mark over its items; the landing's four corners; the drawers moving the page without re-laying
 * it; a header nothing shows through; the language toggle in one place; the viewer's arrows by
 * the picture on a phone.
 */

/** The side margin of the page open in `page`. */
const gutter = async (page: Page) => ((await isPhone(page)) ? 20 : 32);
const box = async (locator: Locator) => (await locator.boundingBox())!;
/** Where the first glyph of an element's text starts (its inline box, not the block's). */
const textLeft = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return range.getClientRects()[0]!.left;
  });

test("the pager's arrows sit on the text column's edges, not inset by their buttons' padding", async ({ page }) => {
  const { project, article } = await sitePages();
  // The project: the pager over the panel's text (web) or the stacked panel (phone).
  await open(page, project);
  const column = await box(page.locator('main h1 + p, main h1').first());
  const description = await box(page.locator('main p').filter({ hasText: 'CONTACT' }).first());
  const previous = await box(page.locator('main nav button').first().locator('span[aria-hidden="true"]'));
  const next = await box(page.locator('main nav button').last().locator('span[aria-hidden="true"]'));
  expect(Math.abs(previous.x - column.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(next.x + next.width - (description.x + description.width))).toBeLessThanOrEqual(1);
  // The article: the pager over the carousel; its arrows on the picture's edges.
  await open(page, article);
  const carousel = await box(page.locator('main section[aria-roledescription="carousel"]'));
  const articlePrevious = await box(page.locator('main nav button').first().locator('span[aria-hidden="true"]'));
  const articleNext = await box(page.locator('main nav button').last().locator('span[aria-hidden="true"]'));
  expect(Math.abs(articlePrevious.x - carousel.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(articleNext.x + articleNext.width - (carousel.x + carousel.width))).toBeLessThanOrEqual(1);
});

test('every page with text starts it on one side margin (one gutter on a phone, the same left and right)', async ({ page }) => {
  const { project, article } = await sitePages();
  await open(page, project);
  const margin = await gutter(page);
  const width = page.viewportSize()!.width;
  const phone = await isPhone(page);
  const edges: Record<string, number> = {};
  if (phone) {
    edges['project title'] = (await box(page.locator('main h1'))).x;
    edges['project caption'] = await textLeft(page.locator('main p[aria-hidden="true"] span').first());
    const description = await box(page.locator('main p').filter({ hasText: 'CONTACT' }).first());
    edges['project column, right'] = width - (description.x + description.width);
  } else {
    edges['project panel'] = (await box(page.locator('main h1'))).x;
  }
  await open(page, article);
  if (phone) {
    edges['article title'] = (await box(page.locator('main h1'))).x;
    const carousel = await box(page.locator('main section[aria-roledescription="carousel"]'));
    edges['article media'] = carousel.x;
    edges['article media, right'] = width - (carousel.x + carousel.width);
  }
  await open(page, '/dailyPage/article');
  const card = await box(page.locator('main li').first());
  edges['article list'] = card.x;
  if (phone) edges['article list, right'] = width - (card.x + card.width);
  if (phone) {
    // (On the web the profile is a centred column, 1260px at most.)
    await open(page, '/dailyPage/profile');
    const profile = page.locator('main section').first();
    edges['profile name'] = (await box(profile.getByRole('heading', { level: 2 }))).x;
    const portrait = await box(profile.locator('img').first());
    edges['profile portrait'] = portrait.x;
    edges['profile portrait, right'] = width - (portrait.x + portrait.width);
  }
  // The header's marks: the menu's bars on the left margin, the language's letters on the right.
  await open(page, '/dailyPage/project');
  edges['menu toggle'] = (await box(page.getByRole('button', { name: '菜单' }).locator('span').first())).x;
  const language = await page.getByRole('banner').locator('a[data-language]').evaluate((link) => {
    const range = document.createRange();
    range.selectNodeContents(link);
    return range.getBoundingClientRect().right;
  });
  edges['language, right'] = width - language;
  // (The language's letters carry their tracking after the last one: 1.5px.)
  for (const [where, edge] of Object.entries(edges)) expect(Math.abs(edge - margin), `${where}: ${edge}px`).toBeLessThanOrEqual(1.5);
});

test("the menu's close mark sits over its items, on the same edge", async ({ page }) => {
  await open(page, '/dailyPage/profile');
  await page.getByRole('button', { name: '菜单' }).click();
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await expect(menu).toBeVisible();
  await page.waitForTimeout(400); // the cross has turned
  const cross = await page.getByRole('button', { name: '菜单' }).evaluate((toggle) => {
    const bars = [...toggle.querySelectorAll('span')].map((bar) => bar.getBoundingClientRect()).filter((rect) => rect.width > 0);
    return Math.min(...bars.map((rect) => rect.left));
  });
  const item = await textLeft(menu.getByRole('link', { name: 'PROFILE' }));
  expect(Math.abs(cross - item)).toBeLessThanOrEqual(1);
});

test("the landing's corners sit the same distance from their edges", async ({ page }) => {
  await open(page, '/login');
  const { width, height } = page.viewportSize()!;
  const margin = await gutter(page);
  const pause = await box(page.locator('main button[aria-pressed] span').first());
  const filing = await box(page.locator('main a[target="_blank"] span').first());
  const language = await box(page.locator('main a[data-language]'));
  const languageText = await page.locator('main a[data-language]').evaluate((link) => {
    const range = document.createRange();
    range.selectNodeContents(link);
    const rect = range.getBoundingClientRect();
    return { top: rect.top, right: rect.right };
  });
  const corners = {
    'pause, left': pause.x,
    'pause, bottom': height - (pause.y + pause.height),
    'filing number, right': width - (filing.x + filing.width),
    'language, right': width - languageText.right,
  };
  for (const [where, distance] of Object.entries(corners)) expect(Math.abs(distance - margin), `${where}: ${distance}px`).toBeLessThanOrEqual(3);
  // The filing number's line sits on the pause control's: one bottom edge.
  expect(Math.abs(filing.y + filing.height / 2 - (pause.y + pause.height / 2))).toBeLessThanOrEqual(2);
  expect(language.height).toBeGreaterThanOrEqual(44);
});

test('the drawers move the page, whole, without re-laying its grid', async ({ page }) => {
  await open(page, '/dailyPage/project');
  const phone = await isPhone(page);
  const tile = page.locator('main li').first();
  const before = await box(tile);
  const offset = () => page.locator('#content').evaluate((content) => new DOMMatrix(getComputedStyle(content).transform).m41);
  await page.getByRole('button', { name: '菜单' }).click();
  await expect.poll(offset).toBe(phone ? 40 : 220);
  const inMenu = await box(tile);
  expect(inMenu.width).toBeCloseTo(before.width, 0);
  expect(inMenu.x - before.x).toBeCloseTo(phone ? 40 : 220, 0);
  await page.keyboard.press('Escape');
  await expect.poll(offset).toBe(0);
  await page.getByRole('button', { name: '筛选分类' }).click();
  await expect.poll(offset).toBe(-40);
  expect((await box(tile)).width).toBeCloseTo(before.width, 0);
  // The page never scrolls sideways while it is pushed aside.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(page.viewportSize()!.width);
});

test('the header is opaque and the language toggle stays in one place on every page', async ({ page }) => {
  const { project, article } = await sitePages();
  const places = new Set<string>();
  for (const url of ['/dailyPage/project', project, '/dailyPage/article', article, '/dailyPage/profile', '/no/such/page']) {
    await open(page, url);
    const header = page.getByRole('banner');
    expect(await header.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 255, 255)');
    const toggle = await box(header.locator('a[data-language]'));
    places.add(`${Math.round(toggle.x)},${Math.round(toggle.y)}`);
  }
  expect([...places]).toHaveLength(1);
  // The filter belongs to the projects' pages: not on the 404.
  await expect(page.getByRole('button', { name: '筛选分类' })).toHaveCount(0);
});

test("on a phone the viewer's arrows flank the caption, right under the picture", async ({ page }) => {
  const projects = await cmsData<Array<{ documentId: string; images: unknown[] }>>('/api/projects?populate[images][fields][0]=ext&pagination[pageSize]=100');
  // Three items or more in the viewer (the first picture is the cover, not shown): "next" stays enabled.
  const project = projects.find((candidate) => candidate.images.length >= 4)!;
  await open(page, `/dailyPage/project/${project.documentId}?documentId=${project.documentId}`);
  await page.getByRole('button', { name: /^全屏查看/ }).first().click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  const next = viewer.getByRole('button', { name: '下一项' });
  const caption = await box(viewer.locator('figcaption'));
  const picture = await box(viewer.locator('figure img, figure video').first());
  const arrow = await box(next);
  expect(arrow.width).toBeGreaterThanOrEqual(44);
  if (!(await isPhone(page))) {
    // On the web they sit at the sides, half-way down.
    expect(Math.abs(arrow.y + arrow.height / 2 - page.viewportSize()!.height / 2)).toBeLessThanOrEqual(2);
    return;
  }
  expect(Math.abs(arrow.y + arrow.height / 2 - (caption.y + caption.height / 2))).toBeLessThanOrEqual(2);
  expect(arrow.y - (picture.y + picture.height)).toBeLessThanOrEqual(24);
  // They keep the focus as the visitor moves: the arrow pressed is still the one focused.
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(viewer.locator('figcaption')).toContainText('2 /');
  await expect(next).toBeFocused();
});
