import { expect, test, type Page } from './fixtures';
import { cmsData, isPhone, ONE_LAYOUT, open, picturePriorities } from './support';

type ArticleRow = { documentId: string; articleName: string; articleTime: string; articleImage: Array<{ url: string; ext: string }> };
const ARTICLES = '/api/articles?fields[0]=articleName&fields[1]=articleTime&populate[articleImage][fields][0]=url&populate[articleImage][fields][1]=ext';

const cards = (page: Page) => page.getByRole('list', { name: '文章列表' }).getByRole('listitem');
const carousel = (page: Page) => page.getByRole('region', { name: /图片与视频/ });

test.describe('topics', () => {
  let articles: ArticleRow[];
  test.beforeAll(async () => {
    articles = await cmsData<ArticleRow[]>(ARTICLES);
  });

  test('lists one card per article, text area 144px, name and chief clamped to 2 lines', async ({ page }) => {
    await open(page, '/dailyPage/article');
    await expect(cards(page)).toHaveCount(articles.length);
    const first = cards(page).first();
    await expect(first.locator('a > span').nth(1)).toHaveCSS('height', '144px');
    for (const part of [first.locator('a > span').nth(1).locator('span').nth(0), first.locator('a > span').nth(1).locator('span').nth(1)]) {
      await expect(part).toHaveCSS('-webkit-line-clamp', '2');
    }
    await expect(first).toHaveCSS('height', '400px');
  });

  test("the first row's covers are asked for first; on a phone the second card's waits behind the first", async ({ page }) => {
    const priorityOf = await picturePriorities(page);
    await open(page, '/dailyPage/article');
    const phone = await isPhone(page);
    const covers = cards(page).locator('img');
    const count = Math.min(phone ? 2 : 3, articles.length);
    const priorities: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const cover = covers.nth(index);
      await expect(cover).toBeInViewport();
      priorities.push(await priorityOf(cover));
    }
    expect(priorities).toEqual(phone ? ['High', 'Low'].slice(0, count) : Array(count).fill('High'));
  });

  test('the detail page has title, time, rich text and a carousel of every medium', async ({ page }) => {
    const withVideo = articles.find((entry) => entry.articleImage.some((media) => media.ext === '.mp4'))!;
    await open(page, `/dailyPage/article/${withVideo.documentId}?documentId=${withVideo.documentId}`);
    await expect(page.getByRole('heading', { level: 1, name: withVideo.articleName })).toBeVisible();
    await expect(page.locator(`time[datetime="${withVideo.articleTime}"]`)).toBeVisible();
    // Rich-text headings sit under the page title, in order (the demo's level 2 becomes h2).
    await expect(page.locator('article').getByRole('heading', { level: 2, name: '缘起' })).toBeVisible();
    await expect(page.locator('article ul li').first()).toBeVisible();
    await expect(page.getByRole('link', { name: '工作室作品集' })).toHaveAttribute('href', /^https:/);
    await expect(carousel(page).locator('[aria-roledescription="slide"]')).toHaveCount(withVideo.articleImage.length);
  });

  test('the carousel moves one slide at a time, stops at the ends, and pauses a playing video', async ({ page }) => {
    const withVideo = articles.find((entry) => entry.articleImage.length >= 2 && entry.articleImage.some((media) => media.ext === '.mp4'))!;
    const videoSlide = withVideo.articleImage.findIndex((media) => media.ext === '.mp4');
    await open(page, `/dailyPage/article/${withVideo.documentId}?documentId=${withVideo.documentId}`);
    const previousArrow = carousel(page).getByRole('button', { name: '上一张' });
    const nextArrow = carousel(page).getByRole('button', { name: '下一张' });
    await expect(previousArrow).toBeDisabled();

    for (let n = 0; n < videoSlide; n += 1) await nextArrow.click();
    const video = carousel(page).locator('video');
    await expect(carousel(page).getByRole('button', { name: `第 ${videoSlide + 1} 张` })).toHaveAttribute('aria-current', 'true');
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);

    await carousel(page).getByRole('button', { name: '第 1 张' }).click();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);

    await carousel(page).focus();
    for (let n = 0; n < withVideo.articleImage.length + 2; n += 1) await page.keyboard.press('ArrowRight');
    await expect(nextArrow).toBeDisabled();
    await expect(carousel(page).getByRole('button', { name: `第 ${withVideo.articleImage.length} 张` })).toHaveAttribute('aria-current', 'true');
  });

  test('previous and next move through the list and are disabled at the ends', async ({ page }) => {
    await open(page, '/dailyPage/article');
    await cards(page).first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: articles[0]!.articleName })).toBeVisible();
    await expect(page.getByRole('button', { name: '上一篇' })).toBeDisabled();
    await page.getByRole('button', { name: '下一篇' }).click();
    await expect(page.getByRole('heading', { level: 1, name: articles[1]!.articleName })).toBeVisible();

    const last = articles[articles.length - 1]!;
    await open(page, `/dailyPage/article/${last.documentId}?documentId=${last.documentId}`);
    await expect(page.getByRole('button', { name: '下一篇' })).toBeDisabled();
    await page.getByRole('link', { name: '返回列表' }).click();
    await expect(page).toHaveURL(/\/dailyPage\/article$/);
  });

  test('an unknown article is the 404 page', ONE_LAYOUT, async ({ page }) => {
    const response = await open(page, '/dailyPage/article/nope?documentId=nope');
    expect(response?.status()).toBe(404);
  });
});
