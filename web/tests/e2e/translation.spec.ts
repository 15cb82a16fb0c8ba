import { expect, test, type Page } from '@playwright/test';
import { cmsData, open, sitePages } from './support';

/** Chinese a visitor can see: visible text nodes, plus alt and aria-label texts. */
const visibleChinese = (page: Page) =>
  page.evaluate(() => {
    const han = /\p{Script=Han}/u;
    const found: string[] = [];
    const visible = (element: Element | null) =>
      !!element && !element.closest('[data-no-translate]') && element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (han.test(node.nodeValue ?? '') && visible(node.parentElement)) found.push(node.nodeValue!.trim());
    }
    for (const element of document.querySelectorAll('[alt], [aria-label]')) {
      for (const name of ['alt', 'aria-label']) {
        const value = element.getAttribute(name);
        if (value && han.test(value) && visible(element)) found.push(`${name}=${value}`);
      }
    }
    return found;
  });

/** Every text and translatable attribute on the page (the translation UI aside), for an exact before/after comparison. */
const allTexts = (page: Page) =>
  page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest('script, style, [data-no-translate]')) texts.push(node.nodeValue ?? '');
    }
    for (const element of document.querySelectorAll('[alt], [aria-label], [title]')) {
      texts.push(`${element.getAttribute('alt')}|${element.getAttribute('aria-label')}|${element.getAttribute('title')}`);
    }
    return texts;
  });

const toggle = (page: Page) => page.getByRole('button', { name: 'English translation' });
/** How often the provider was asked for each of `texts` (other tests share the fake, so count per text). */
const providerCallsFor = async (texts: string[]) => {
  const { byText } = (await (await fetch(`${process.env.E2E_FAKE_MYMEMORY_URL}/__calls`)).json()) as { byText: Record<string, number> };
  return texts.map((text) => byText[text] ?? 0);
};

async function switchToEnglish(page: Page) {
  await toggle(page).click();
  await expect(toggle(page)).toHaveText('EN');
  await expect.poll(() => visibleChinese(page), { timeout: 15_000 }).toEqual([]);
}

test.describe('the Chinese-to-English toggle', () => {
  test('is off (CN) by default', async ({ page }) => {
    await open(page, '/dailyPage/project');
    await expect(toggle(page)).toHaveText('CN');
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
  });

  test('turns every page English and restores the exact original', async ({ page }) => {
    for (const path of (await sitePages()).all) {
      await open(page, path);
      await page.evaluate(() => sessionStorage.removeItem('studio.language'));
      const before = await allTexts(page);
      expect((await visibleChinese(page)).length, path).toBeGreaterThan(0);
      if (path === '/no-such-page') {
        // The 404 page has no header: the choice made elsewhere carries over.
        await page.evaluate(() => sessionStorage.setItem('studio.language', 'en'));
        await open(page, path);
        await expect.poll(() => visibleChinese(page), { timeout: 15_000 }).toEqual([]);
        continue;
      }
      await switchToEnglish(page);
      await toggle(page).click();
      await expect(toggle(page)).toHaveText('CN');
      expect(await allTexts(page), path).toEqual(before);
    }
  });

  test('translates content that appears later: a filtered grid, a carousel slide, a new page', async ({ page }) => {
    await open(page, '/dailyPage/project');
    await switchToEnglish(page);
    // Labels are English now, so these locators do not use the Chinese names.
    await page.locator('[aria-controls="category-drawer"]').click();
    await page.locator('#category-drawer a').nth(2).click();
    await expect(page).toHaveURL(/category=/);
    await expect.poll(() => visibleChinese(page), { timeout: 15_000 }).toEqual([]);

    await page.locator('#content ul a').first().click();
    await expect(page).toHaveURL(/documentId=/);
    await expect.poll(() => visibleChinese(page), { timeout: 15_000 }).toEqual([]);

    const [article] = await cmsData<Array<{ documentId: string }>>('/api/articles?fields[0]=articleName');
    await open(page, `/dailyPage/article/${article!.documentId}?documentId=${article!.documentId}`);
    await expect(toggle(page)).toHaveText('EN'); // the choice survives navigation within the visit
    await expect.poll(() => visibleChinese(page), { timeout: 15_000 }).toEqual([]);
    const carousel = page.locator('[aria-roledescription="carousel"]');
    await carousel.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => visibleChinese(page), { timeout: 15_000 }).toEqual([]);
  });

  test('a repeat toggle asks the provider for nothing new (the cache answers)', async ({ page }) => {
    await open(page, '/dailyPage/profile');
    const firstRequest = page.waitForRequest((request) => request.url().endsWith('/translate'));
    await switchToEnglish(page);
    // Texts over the provider's 500-byte limit reach it in pieces: count the whole ones.
    const texts = ((await firstRequest).postDataJSON() as { texts: string[] }).texts.filter(
      (text) => new TextEncoder().encode(text).length <= 500,
    );
    await toggle(page).click();
    await expect(toggle(page)).toHaveText('CN');
    const calls = await providerCallsFor(texts);
    expect(calls.every((count) => count >= 1)).toBe(true);
    await open(page, '/dailyPage/profile');
    await toggle(page).click();
    await expect.poll(() => visibleChinese(page), { timeout: 15_000 }).toEqual([]);
    expect(await providerCallsFor(texts)).toEqual(calls);
  });

  test('when the provider fails the Chinese stays, a notice says so, and the toggle keeps working', async ({ page }) => {
    await open(page, `${process.env.E2E_FAILING_WEB_URL}/dailyPage/profile`);
    const before = await allTexts(page);
    await toggle(page).click();
    await expect(page.getByRole('status')).toHaveText('网络错误 / Translation unavailable');
    expect((await visibleChinese(page)).length).toBeGreaterThan(0);
    await toggle(page).click();
    await expect(toggle(page)).toHaveText('CN');
    expect(await allTexts(page)).toEqual(before);
  });
});
