import { expect, test, type Page } from './fixtures';
import { cmsData, ONE_LAYOUT, open, studioData } from './support';

const menuButton = (page: Page) => page.getByRole('button', { name: '菜单' });
const filterButton = (page: Page) => page.getByRole('button', { name: '筛选分类' });
const menuNav = (page: Page) => page.getByRole('navigation', { name: '主菜单' });
const categoryNav = (page: Page) => page.getByRole('navigation', { name: '项目分类' });
const contactDialog = (page: Page) => page.getByRole('dialog', { name: 'CONTACT' });

test.describe('the /dailyPage shell', () => {
  test.beforeEach(async ({ page }) => {
    await open(page, '/dailyPage/project');
  });

  test('has a fixed 60px header with the menu toggle, centred logo and category filter', async ({ page }, testInfo) => {
    const header = page.locator('header').first();
    await expect(header).toHaveCSS('position', 'fixed');
    await expect(header).toHaveCSS('height', '60px');
    await expect(menuButton(page)).toBeVisible();
    await expect(filterButton(page)).toBeVisible();
    const logo = page.getByRole('link', { name: `${(await studioData()).name} 首页` });
    const language = page.locator('header a[data-language]');
    // A phone's common widths as well as the project's own (the wordmark was pushed off centre at
    // 390px, and at 360px the language went past the screen's edge).
    const widths = testInfo.project.name === 'phone' ? [360, 390, page.viewportSize()!.width] : [page.viewportSize()!.width];
    for (const width of widths) {
      await page.setViewportSize({ width, height: page.viewportSize()!.height });
      const box = (await logo.boundingBox())!;
      expect(Math.abs(box.x + box.width / 2 - width / 2), `logo centred at ${width}px`).toBeLessThan(4);
      const edge = (await language.boundingBox())!;
      expect(edge.x + edge.width, `language inside the screen at ${width}px`).toBeLessThanOrEqual(width);
      expect(edge.x, `language clear of the wordmark at ${width}px`).toBeGreaterThanOrEqual(box.x + box.width);
    }
  });

  test('the category drawer lists ALL first, then every category from the CMS', async ({ page }) => {
    const categories = await cmsData<Array<{ designType: string }>>('/api/categories');
    await filterButton(page).click();
    await expect(categoryNav(page)).toBeVisible();
    await expect(categoryNav(page).getByRole('link')).toHaveText(['ALL', ...categories.map((category) => category.designType)]);
  });

  test('only one of the drawers and the overlay is open at a time', async ({ page }) => {
    await menuButton(page).click();
    await expect(menuNav(page)).toBeVisible();

    await filterButton(page).click();
    await expect(categoryNav(page)).toBeVisible();
    await expect(menuNav(page)).toBeHidden();

    await menuButton(page).click();
    await expect(categoryNav(page)).toBeHidden();
    await menuNav(page).getByRole('button', { name: 'CONTACT' }).click();
    await expect(contactDialog(page)).toBeVisible();
    await expect(menuNav(page)).toBeHidden();

    await filterButton(page).click({ force: true });
    await expect(contactDialog(page)).toBeHidden();
    await expect(categoryNav(page)).toBeVisible();
  });

  test('choosing a menu item closes everything and marks it active in red (the spec red, deepened to 5:1 for text)', async ({ page }) => {
    await menuButton(page).click();
    await menuNav(page).getByRole('link', { name: 'TOPICS' }).click();
    await expect(page).toHaveURL(/\/dailyPage\/article$/);
    await expect(menuNav(page)).toBeHidden();
    await expect(filterButton(page)).toHaveCount(0);
    await menuButton(page).click();
    await expect(menuNav(page).getByRole('link', { name: 'TOPICS' })).toHaveCSS('color', 'rgb(224, 0, 0)');
    await expect(menuNav(page).getByRole('link', { name: 'PROJECTS' })).toHaveCSS('color', 'rgb(26, 26, 26)');
  });

  test('the active menu survives a reload and agrees with the URL', ONE_LAYOUT, async ({ page }) => {
    await menuButton(page).click();
    await menuNav(page).getByRole('link', { name: 'PROFILE' }).click();
    await expect(page).toHaveURL(/\/dailyPage\/profile$/);
    await page.reload();
    // Stored by the page once it has taken over (a reload right after the move may come first).
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('studio.activeMenu'))).toBe('PROFILE');
    await menuButton(page).click();
    await expect(menuNav(page).getByRole('link', { name: 'PROFILE' })).toHaveAttribute('aria-current', 'page');
  });

  test('the logo goes to /login and selects PROJECTS', async ({ page }) => {
    await open(page, '/dailyPage/article');
    expect(await page.evaluate(() => sessionStorage.getItem('studio.activeMenu'))).toBe('TOPICS');
    await page.getByRole('link', { name: `${(await studioData()).name} 首页` }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('studio.activeMenu'))).toBe('PROJECTS');
  });

  test('the contact overlay traps focus, closes on Escape and returns focus to its opener', async ({ page }) => {
    await menuButton(page).click();
    const contact = menuNav(page).getByRole('button', { name: 'CONTACT' });
    await contact.focus();
    await page.keyboard.press('Enter');
    await expect(contactDialog(page)).toBeVisible();
    await expect(page.getByRole('button', { name: '关闭联系方式' })).toBeFocused();
    for (let n = 0; n < 6; n += 1) {
      await page.keyboard.press('Tab');
      expect(await contactDialog(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(contactDialog(page)).toBeHidden();
    // The CONTACT item sat in the menu drawer, which closed when the overlay opened: focus goes
    // back to the control that opened that drawer.
    await expect(menuButton(page)).toBeFocused();
  });

  test('a click outside the contact panel closes it', async ({ page }) => {
    await menuButton(page).click();
    await menuNav(page).getByRole('button', { name: 'CONTACT' }).click();
    await expect(contactDialog(page)).toBeVisible();
    const viewport = page.viewportSize()!;
    await page.mouse.click(5, viewport.height - 5);
    await expect(contactDialog(page)).toBeHidden();
  });

  test('a move made after the network went away keeps the site: its own page, not the browser’s offline page, and Back to the page left', ONE_LAYOUT, async ({ page, context }) => {
    const [profile] = await cmsData<Array<{ profileName: string }>>('/api/profilelists');
    // The page settles (every page's code, and the data of the page arrived on, come once it is
    // idle), then the network goes.
    test.setTimeout(60_000);
    const settled = () =>
      performance.getEntriesByType('resource').some((entry) => /\/assets\/profile-[\w-]+\.js$/.test(entry.name)) &&
      performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === '/dailyPage/project.data');
    await page.waitForFunction(settled, undefined, { timeout: 25_000 });
    const firstTile = (await page.locator('main li a').first().textContent())!;
    await context.setOffline(true);
    try {
      await menuButton(page).click();
      await menuNav(page).getByRole('link', { name: 'PROFILE' }).click();
      await expect(page).toHaveURL('/dailyPage/profile');
      await expect(page.getByRole('main')).toContainText('页面暂时无法显示');
      await expect(menuButton(page)).toBeVisible();
      // Back, still offline: the grid as it was, not the "cannot be shown" page.
      await page.goBack();
      await expect(page).toHaveURL('/dailyPage/project');
      await expect(page.locator('main li a').first()).toHaveText(firstTile);
      await expect(page.getByRole('main')).not.toContainText('页面暂时无法显示');
      await expect(menuButton(page)).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    // Back online, the same move opens the page.
    await menuButton(page).click();
    await menuNav(page).getByRole('link', { name: 'PROFILE' }).click();
    await expect(page.getByRole('main')).toContainText(profile!.profileName);
  });

  test('the right-click context menu is disabled', ONE_LAYOUT, async ({ page }) => {
    const prevented = await page.evaluate(() => {
      const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      document.querySelector('main')!.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(prevented).toBe(true);
  });

  test('the menu toggle turns into a cross while the menu is open', async ({ page }) => {
    const bars = menuButton(page).locator('span');
    await menuButton(page).click();
    await expect(bars.nth(1)).toHaveCSS('opacity', '0');
    const transform = await bars.nth(0).evaluate((bar) => getComputedStyle(bar).transform);
    expect(transform).not.toBe('none');
  });
});
