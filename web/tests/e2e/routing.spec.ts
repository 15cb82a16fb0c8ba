import { expect, test } from './fixtures';
import { open, rootTokens, SERVER_ONLY, stylesMadeBy } from './support';

test.describe('routes (spec section 2)', () => {
  test('"/" answers an HTTP redirect to /login', async ({ request }) => {
    const response = await request.get('/', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/login');
  });

  for (const path of ['/dailyPage', '/dailyPage/']) {
    test(`${path} redirects to the project grid`, SERVER_ONLY, async ({ request, page }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toBe('/dailyPage/project');
      await open(page, path);
      await expect(page).toHaveURL(/\/dailyPage\/project$/);
    });
  }

  // An id no entry can have (a NUL) is the 404 page too, not the content service's refusal taken for an outage.
  for (const path of ['/no-such-page', '/dailyPage/nothing-here', '/login/extra', '/dailyPage/project/%00?documentId=%00', '/dailyPage/article/%00']) {
    test(`${path} is the 404 page with status 404`, SERVER_ONLY, async ({ page }) => {
      const response = await open(page, path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: '抱歉，您访问的页面不存在。' })).toBeVisible();
      const tokens = await rootTokens(page);
      expect(tokens.length).toBeGreaterThan(0);
      // React draws the document anew when it leaves its boundary's 404 page: the landing keeps the
      // server's styles (the tokens and faces with them), none made in the browser for the policy to block.
      const made = await stylesMadeBy(page, async () => {
        await page.getByRole('link', { name: '返回首页' }).click();
        await expect(page).toHaveURL(/\/login$/);
      });
      expect(made, 'styles made in the browser, which the policy blocks').toEqual([]);
      expect(await rootTokens(page)).toEqual(tokens);
    });
  }

  test('the first HTML is complete: the project grid arrives with its tiles', async ({ request }) => {
    const html = await (await request.get('/dailyPage/project')).text();
    const tiles = html.match(/<li class="[^"]*tile[^"]*"/g) ?? [];
    expect(tiles.length).toBe(30);
  });

  test('the layout is chosen on the server from the User-Agent', async ({ request }, testInfo) => {
    const html = await (await request.get('/dailyPage/project')).text();
    const expected = testInfo.project.name === 'phone' ? 'phone' : 'web';
    expect(html).toContain(`data-layout="${expected}"`);
  });
});
