import { expect, test, type Locator, type Page } from './fixtures';
import sharp from 'sharp';
import { accessibilityViolations, cmsData, english, isPhone, languageToggle, open, studioData } from './support';

// Issue 14: the visual polish a visitor notices: legible landing, a gallery never empty and ending
// flush, the full-screen media viewer, a pager that holds long English.

/** Relative luminance of an sRGB colour (WCAG 2). */
const luminance = (r: number, g: number, b: number) => {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
};

/**
 * The contrast of white text against the brightest pixel behind `text`: the text (and its shadow)
 * made transparent, the box under it photographed.
 */
async function worstContrastBehind(page: Page, text: Locator): Promise<number> {
  await text.evaluate((element: HTMLElement) => {
    element.style.color = 'transparent';
    element.style.textShadow = 'none';
    for (const child of element.querySelectorAll<HTMLElement>('*')) child.style.color = 'transparent';
  });
  const box = (await text.boundingBox())!;
  const png = await page.screenshot({ clip: { x: box.x, y: box.y, width: box.width, height: box.height }, animations: 'disabled' });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let brightest = 0;
  for (let i = 0; i < data.length; i += info.channels) brightest = Math.max(brightest, luminance(data[i]!, data[i + 1]!, data[i + 2]!));
  return 1.05 / (brightest + 0.05);
}

test.describe('a legible landing over any picture', () => {
  for (const [name, picture] of [
    ['the demo pictures', null],
    ['a pure white picture (the worst case)', 'brightness(0) invert(1)'],
  ] as const) {
    test(`subtitle, filing number, prompt and toggle keep 4.5:1 over ${name}`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' }); // still pictures, no push-in
      await open(page, '/login');
      if (picture) {
        await page.locator('[data-active] img').evaluateAll((images, filter) => {
          for (const image of images as HTMLElement[]) image.style.filter = filter;
        }, picture);
      }
      const texts = {
        subtitle: page.getByRole('heading', { level: 1 }).locator('span').last(),
        // The studio's filing notice, when it has one (issue 37).
        ...((await studioData()).filingNumber ? { filing: page.locator('main a[target="_blank"]').first() } : {}),
        prompt: page.getByRole('button', { name: /CLICK OR SCROLL/ }),
        toggle: languageToggle(page),
        pause: page.getByRole('button', { name: '暂停背景轮播' }),
      };
      for (const [label, text] of Object.entries(texts)) {
        expect(await worstContrastBehind(page, text), label).toBeGreaterThanOrEqual(4.5);
      }
    });
  }

  test('the pause control is a quiet text button with an icon, not a boxed field', async ({ page }) => {
    await open(page, '/login');
    const pause = page.getByRole('button', { name: '暂停背景轮播' });
    await expect(pause).toHaveCSS('border-top-style', 'none');
    await expect(pause).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    const box = (await pause.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
  });
});

test.describe('a gallery that is never empty and ends flush', () => {
  const grid = (page: Page) => page.getByRole('list', { name: '项目列表' });

  test('tiles below the fold rise when they scroll into view, within 1 s', async ({ page }) => {
    await open(page, '/dailyPage/project');
    const tiles = grid(page).getByRole('listitem');
    const last = tiles.last();
    // Never on screen yet: waiting, not animating away unseen.
    await expect(last).toHaveCSS('opacity', '0');
    await last.scrollIntoViewIfNeeded();
    // Every tile now in view rises (0.5 s) after at most a short stagger: in full view within 1 s.
    await expect(last).toHaveCSS('opacity', '1', { timeout: 3_000 });
    const timings = await tiles.evaluateAll((items) =>
      items
        .filter((item) => {
          const { top, bottom } = item.getBoundingClientRect();
          return bottom > 0 && top < window.innerHeight;
        })
        .map((item) => item.getAnimations().map((animation) => animation.effect!.getComputedTiming()))
        .flat()
        .map((timing) => Number(timing.delay) + Number(timing.duration)),
    );
    expect(timings.length).toBeGreaterThan(0);
    for (const end of timings) expect(end).toBeLessThanOrEqual(1000);
  });

  test("without scripts every project is there by name and link; a phone is sent its first screen's covers, the rest come once the page has loaded", async ({ browser, page }, testInfo) => {
    const projects = await cmsData<Array<{ projectName: string }>>('/api/projects?fields[0]=projectName&pagination[pageSize]=200');
    // The document as the server sends it: a visitor (or a crawler) without scripts.
    const bare = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false });
    const plain = await bare.newPage();
    await plain.goto('/dailyPage/project');
    const phone = await isPhone(plain);
    const links = grid(plain).getByRole('link');
    await expect(links).toHaveCount(projects.length);
    const named = (await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.textContent ?? ''))).join('\n');
    for (const { projectName } of projects) expect(named).toContain(projectName);
    const sent = await grid(plain).locator('img').count();
    if (phone) {
      // Its first screen whole, the rest by name on their cover's colour (decision 022, twenty-first pass).
      expect(sent).toBeGreaterThan(0);
      expect(sent).toBeLessThan(projects.length);
      await expect(plain.locator('ul[data-covers="later"]')).toHaveCount(1);
      const waiting = grid(plain).getByRole('listitem').nth(sent);
      const shade = waiting.locator('[aria-hidden="true"]').first();
      const shaded = await shade.evaluate((cover) => getComputedStyle(cover).backgroundColor);
      // Painted over the whole tile, not a colour on an element of no size.
      const [tileBox, shadeBox] = [await waiting.boundingBox(), await shade.boundingBox()];
      expect(shadeBox!.width * shadeBox!.height).toBeGreaterThan(0.95 * tileBox!.width * tileBox!.height);
      // Its cover's colour, not the empty tile's surface.
      const surface = await plain.evaluate(() => {
        const probe = document.body.appendChild(document.createElement('span'));
        probe.style.background = 'var(--color-surface)';
        const colour = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return colour;
      });
      expect(shaded).toMatch(/^rgb/);
      expect(shaded).not.toBe(surface);
    } else {
      expect(sent).toBe(projects.length);
    }
    await bare.close();

    // With scripts, once the page has loaded: every tile has its cover, with its alt text.
    await open(page, '/dailyPage/project');
    await expect(page.locator('ul[data-covers]')).toHaveCount(0);
    await expect(grid(page).locator('img')).toHaveCount(projects.length);
    await expect(grid(page).locator('img:not([alt]), img[alt=""]')).toHaveCount(0);
    const last = grid(page).locator('img').last();
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => last.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  });

  test('the grid has no empty cell at its end, at any window width', async ({ page }) => {
    // Eight pages opened and hydrated (four widths, two lists), each waiting for its first screen's
    // pictures, made at a new width the first time.
    test.setTimeout(90_000);
    // Web: two to five columns; a phone has its one column.
    const widths = test.info().project.name === 'phone' ? [page.viewportSize()!.width] : [1280, 1440, 1920, 2300];
    // The whole grid and the first category of the studio (its name read from the CMS).
    const [category] = await cmsData<Array<{ designType: string }>>('/api/categories');
    for (const width of widths) {
      await page.setViewportSize({ width, height: page.viewportSize()!.height });
      for (const url of ['/dailyPage/project', `/dailyPage/project?category=${encodeURIComponent(category!.designType)}`]) {
        await open(page, url);
        const { columns, fit, gridArea, tilesArea, overlap } = await grid(page).evaluate((list) => {
          for (const animation of document.getAnimations()) animation.finish(); // rects without the rise
          const box = list.getBoundingClientRect();
          const rects = [...list.children].map((item) => item.getBoundingClientRect());
          let area = 0;
          let overlapping = 0;
          rects.forEach((a, i) => {
            area += a.width * a.height;
            for (const b of rects.slice(i + 1)) {
              const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
              const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
              if (x > 1 && y > 1) overlapping += x * y;
            }
          });
          return {
            columns: getComputedStyle(list).gridTemplateColumns.split(' ').length,
            fit: Math.max(1, Math.floor(list.clientWidth / 400)),
            gridArea: box.width * box.height,
            tilesArea: area,
            overlap: overlapping,
          };
        });
        expect(columns, `${width}px`).toBe(fit);
        if (test.info().project.name === 'web') expect(columns, `${width}px`).toBeGreaterThan(1);
        expect(overlap).toBe(0);
        expect(Math.abs(gridArea - tilesArea) / gridArea, `${url} at ${width}px: the tiles cover the grid`).toBeLessThan(0.005);
      }
    }
  });
});

async function projectWithImages(min: number): Promise<string> {
  const projects = await cmsData<Array<{ documentId: string; images: Array<{ ext: string }> }>>(
    '/api/projects?populate[images][fields][0]=ext&sort[0]=projectName:asc&pagination[pageSize]=100',
  );
  const project = projects.find((entry) => entry.images.length - 1 >= min && entry.images.some((image) => image.ext === '.mp4'))!;
  return `/dailyPage/project/${project.documentId}?documentId=${project.documentId}`;
}

test.describe('the full-screen media viewer', () => {
  const viewer = (page: Page) => page.getByRole('dialog', { name: /全屏查看$/ });

  test('opens from the keyboard, moves with the arrow keys, names its item in the URL, and closes back to its opener', async ({ page }) => {
    const path = await projectWithImages(3);
    await open(page, path);
    const openers = page.getByRole('button', { name: /^全屏查看：/ });
    const count = await openers.count();
    expect(count).toBeGreaterThanOrEqual(3);
    const second = openers.nth(1);
    await second.focus();
    await page.keyboard.press('Enter');
    await expect(viewer(page)).toBeVisible();
    await expect(page).toHaveURL(/[?&]media=2(&|$)/);
    await expect(viewer(page).getByText(`2 / ${count}`)).toBeVisible();
    // Focus is inside and stays inside.
    await expect(viewer(page).getByRole('button', { name: '关闭全屏查看' })).toBeFocused();
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await viewer(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/[?&]media=3(&|$)/);
    await expect(viewer(page).getByText(`3 / ${count}`)).toBeVisible();
    await page.keyboard.press('Home');
    await expect(viewer(page).getByText(`1 / ${count}`)).toBeVisible();
    await page.keyboard.press('ArrowLeft'); // not infinite
    await expect(viewer(page).getByText(`1 / ${count}`)).toBeVisible();
    await page.keyboard.press('End');
    await expect(viewer(page).getByText(`${count} / ${count}`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer(page)).toBeHidden();
    await expect(page).not.toHaveURL(/media=/);
    await expect(second).toBeFocused();
  });

  test('its code and styles are not in the page: fetched when an opener is pointed at or touched, it opens over the whole screen', async ({ page, request }) => {
    const path = await projectWithImages(3);
    const fetched: string[] = [];
    const sharedAgain: string[] = [];
    page.on('request', (sent) => {
      const { pathname } = new URL(sent.url());
      if (/\/assets\/media-viewer-(?!url)[\w-]+\.(js|css)$/.test(pathname)) fetched.push(sent.url());
      // The styles the viewer shares with the page (its media items) are in the page already.
      if (/\/assets\/media-viewer-url-[\w-]+\.css$/.test(pathname)) sharedAgain.push(sent.url());
    });
    // The document keeps its first round trip: none of the viewer's rules are inline in it.
    expect(await (await request.get(path)).text()).not.toMatch(/\._viewer_\w+/);
    await open(page, path);
    await page.evaluate(() => new Promise((idle) => requestIdleCallback(idle, { timeout: 2_000 })));
    expect(fetched, 'nothing of the viewer before the visitor shows the intent to open it').toEqual([]);
    const opener = page.getByRole('button', { name: /^全屏查看：/ }).nth(1);
    await ((await isPhone(page)) ? opener.dispatchEvent('touchstart') : opener.hover());
    await expect.poll(() => fetched.length, { message: "the viewer's chunk, fetched on the intent" }).toBeGreaterThan(0);
    await opener.click();
    await expect(viewer(page)).toBeVisible();
    // Drawn with its styles: fixed over the page, as large as the window.
    expect(await viewer(page).evaluate((dialog) => getComputedStyle(dialog).position)).toBe('fixed');
    const box = (await viewer(page).boundingBox())!;
    const size = page.viewportSize()!;
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([size.width, size.height]);
    expect(sharedAgain, 'the styles the page carries, fetched again for the viewer').toEqual([]);
  });

  test('a shared link opens it on its item; Back closes it; the close control returns to the page, at the item seen last', async ({ page }) => {
    const path = await projectWithImages(3);
    await open(page, path);
    await page.getByRole('button', { name: /^全屏查看：/ }).first().click();
    await expect(viewer(page)).toBeVisible();
    await page.goBack();
    await expect(viewer(page)).toBeHidden();
    await open(page, `${path}&media=3`);
    await expect(viewer(page)).toBeVisible();
    await expect(viewer(page).getByText(/^3 \//)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(viewer(page).getByText(/^2 \//)).toBeVisible();
    await viewer(page).getByRole('button', { name: '关闭全屏查看' }).click();
    await expect(viewer(page)).toBeHidden();
    // Nothing on the page opened it: focus goes to the opener of the item seen last, so a keyboard
    // goes on from there, not from the top of the page.
    await expect(page.getByRole('button', { name: /^全屏查看：/ }).nth(1)).toBeFocused();
    expect(new URL(page.url()).searchParams.has('media')).toBe(false);
    expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
    // Nonsense in the parameter is simply a closed viewer.
    await open(page, `${path}&media=99`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(viewer(page)).toBeHidden();
  });

  test('swipes move between items and a swipe down closes it', async ({ page }) => {
    const path = await projectWithImages(3);
    await open(page, `${path}&media=1`);
    await expect(viewer(page)).toBeVisible();
    const swipe = (dx: number, dy: number) =>
      viewer(page).evaluate(
        (dialog, [x, y]) => {
          const touch = (clientX: number, clientY: number) => new Touch({ identifier: 1, target: dialog, clientX, clientY });
          dialog.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch(200, 300)], changedTouches: [touch(200, 300)] }));
          dialog.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(200 + x!, 300 + y!)] }));
        },
        [dx, dy],
      );
    await swipe(-120, 5);
    await expect(page).toHaveURL(/[?&]media=2(&|$)/);
    await swipe(120, 0);
    await expect(page).toHaveURL(/[?&]media=1(&|$)/);
    await swipe(0, 200);
    await expect(viewer(page)).toBeHidden();
  });

  test('with reduced motion it appears without zooming', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await open(page, `${await projectWithImages(3)}&media=2`);
    const stage = viewer(page).locator('figure img');
    await expect(stage).toHaveCSS('animation-name', /viewer-fade/);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect(stage).toHaveCSS('animation-name', /viewer-zoom/);
  });

  test('an article opens its carousel full screen at the current slide, and the carousel follows it', async ({ page }) => {
    const articles = await cmsData<Array<{ documentId: string; articleImage: unknown[] }>>('/api/articles?populate[articleImage][fields][0]=url');
    const article = articles.find((entry) => entry.articleImage.length >= 2)!;
    await open(page, `/dailyPage/article/${article.documentId}?documentId=${article.documentId}`);
    await page.getByRole('button', { name: '下一张' }).click();
    await page.getByRole('button', { name: /^全屏查看：/ }).click();
    await expect(viewer(page)).toBeVisible();
    await expect(viewer(page).getByText(/^2 \//)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: '第 1 张' })).toHaveAttribute('aria-current', 'true');
  });

  test('has no accessibility violations (axe)', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await open(page, `${await projectWithImages(3)}&media=1`);
    await expect(viewer(page)).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

test.describe('layouts that hold long English', () => {
  test('the pager stays on one line at 390px when the page is English', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, english(await projectWithImages(1)));
    const back = await page.getByRole('link', { name: 'Back to list' }).elementHandle();
    const nav = (await back!.evaluateHandle((link) => link.closest('nav')!)).asElement()!;
    await expect
      .poll(() =>
        nav.evaluate((nav) => {
          const items = [...nav.children].map((child) => child.getBoundingClientRect());
          const sameLine = items.every((item) => Math.abs(item.top - items[0]!.top) < 2 && item.height <= 48);
          return sameLine && nav.scrollWidth <= nav.clientWidth + 1 && nav.getBoundingClientRect().right <= window.innerWidth;
        }),
      )
      .toBe(true);
    // Its controls keep their English names for screen readers and stay 44px targets.
    for (const control of await nav.$$('button, a')) {
      const box = (await control.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(((await control.textContent()) ?? '').trim().length).toBeGreaterThan(1);
    }
  });
});

test('the 404 page speaks the site\'s visual language: bold numerals, red rule, ways back, the English toggle', async ({ page }) => {
  await open(page, '/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('抱歉，您访问的页面不存在。');
  await expect(page.getByText('404')).toHaveCSS('font-weight', '700');
  await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: '浏览项目' })).toHaveAttribute('href', '/dailyPage/project');
  await expect(languageToggle(page)).toBeVisible();
  if (!(await isPhone(page))) await expect(page.getByRole('link', { name: '返回首页' })).toHaveCSS('border-top-style', 'none');
});
