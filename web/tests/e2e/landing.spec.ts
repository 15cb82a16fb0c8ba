import { expect, test } from './fixtures';
import sharp from 'sharp';
import { cmsData, open, studioData } from './support';

const prompt = (page: import('@playwright/test').Page) => page.getByRole('button', { name: /CLICK OR SCROLL/ });

test.describe('the landing page (/login)', () => {
  test('server-renders the first background with high priority and holds one layer per CMS image', async ({ page, request }) => {
    const images = await cmsData('/api/first-page-imgs');
    const html = await (await request.get('/login')).text();
    const firstImage = html.match(/<img[^>]*>/)?.[0] ?? '';
    expect(firstImage).toMatch(/src="\/_img\/\d+\/uploads\//);
    expect(firstImage).toMatch(/fetchpriority="high"/i);
    await open(page, '/login');
    await expect(page.locator('[data-active]')).toHaveCount(images.length);
    await expect(page.locator('[data-active="true"] img')).toBeVisible();
  });

  test('shows the studio name in letters, its line, the prompt and its filing notice (when it has one)', async ({ page }) => {
    const studio = await studioData();
    await open(page, '/login');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(studio.nameLatin);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(studio.tagline);
    await expect(prompt(page)).toBeVisible();
    const filing = page.getByRole('link', { name: studio.filingNumber ?? '' });
    if (!studio.filingNumber) {
      await expect(page.locator('main a[target="_blank"]')).toHaveCount(0);
      return;
    }
    await expect(filing).toHaveAttribute('target', '_blank');
    await expect(filing).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(filing).toHaveAttribute('href', studio.filingUrl!);
    await expect(filing).toHaveCSS('position', 'fixed');
  });

  test('a click on the prompt slides the landing up over 1 s, the gallery coming up right under it (no blank frame)', async ({ page }) => {
    await open(page, '/login');
    // The transition's animations are read when it is ready (its pseudo-elements made, their
    // animations started), not polled for: on a busy machine a poll can miss the whole second.
    await page.evaluate(() => {
      const start = document.startViewTransition.bind(document);
      const state = window as unknown as { __slide?: unknown };
      document.startViewTransition = ((update?: ViewTransitionUpdateCallback) => {
        const transition = start(update);
        // A transition skipped says so, rather than leaving the wait below to time out.
        void transition.ready.then(() => {
          const of = (part: string) => {
            const animation = document.getAnimations().find((a) => (a.effect as KeyframeEffect | null)?.pseudoElement === `::view-transition-${part}(root)`);
            return animation && { duration: animation.effect?.getTiming().duration, name: (animation as CSSAnimation).animationName };
          };
          state.__slide = { old: of('old'), now: of('new') };
        }, () => {
          state.__slide = 'skipped';
        });
        return transition;
      }) as typeof document.startViewTransition;
    });
    await prompt(page).click();
    // The landing's picture slides away (a view transition of 1 s) and the live gallery comes up
    // with it, attached to its lower edge, as a scrolled page would (issue 30)...
    const slide = await page.waitForFunction(() => (window as unknown as { __slide?: unknown }).__slide);
    expect(await slide.jsonValue()).toEqual({
      old: { duration: 1000, name: 'landing-exit-slide' },
      now: { duration: 1000, name: 'landing-enter-slide' },
    });
    await expect(page).toHaveURL(/\/dailyPage\/project$/);
    // ...whose tiles are already fully shown: the slide is their entrance, nothing white between.
    const firstTile = page.getByRole('list', { name: '项目列表' }).getByRole('listitem').first();
    await expect(firstTile).toHaveCSS('opacity', '1');
    expect(await firstTile.evaluate((tile) => tile.getAnimations().length)).toBe(0);
  });

  test('a mouse-wheel scroll does the same', async ({ page }) => {
    await open(page, '/login');
    await page.mouse.move(300, 300);
    await page.mouse.wheel(0, 120);
    await expect(page).toHaveURL(/\/dailyPage\/project$/);
  });

  test('a swipe up does the same on touch screens', async ({ page }) => {
    await open(page, '/login');
    await page.evaluate(() => {
      const touch = (y: number) => new Touch({ identifier: 1, target: document.body, clientX: 100, clientY: y });
      window.dispatchEvent(new TouchEvent('touchstart', { touches: [touch(600)], changedTouches: [touch(600)] }));
      window.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: [touch(300)] }));
    });
    await expect(page).toHaveURL(/\/dailyPage\/project$/);
  });

  test('from the keyboard: Enter on the prompt, or Arrow Down', async ({ page }) => {
    await open(page, '/login');
    await prompt(page).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dailyPage\/project$/);
    await open(page, '/login');
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/\/dailyPage\/project$/);
  });

  test('with reduced motion there is no slide or push-in, and the rotation can be paused', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await open(page, '/login');
    await expect(page.locator('[data-active="true"] img')).toHaveCSS('animation-name', 'none');
    const pause = page.getByRole('button', { name: '暂停背景轮播' });
    await expect(pause).toBeVisible();
    await pause.click();
    await expect(page.getByRole('button', { name: '继续播放背景' })).toHaveAttribute('aria-pressed', 'true');
    // The view transition's animations, read as soon as they exist: the fade is short, and a busy
    // machine can let it run out between two polls of the page (a CI run once missed it so).
    await page.evaluate(() => {
      const state = window as unknown as { __exitAnimations?: string[] };
      const start = document.startViewTransition.bind(document);
      document.startViewTransition = ((update: Parameters<typeof start>[0]) => {
        const transition = start(update);
        transition.ready.then(
          () => (state.__exitAnimations = document.getAnimations().map((animation) => (animation as CSSAnimation).animationName)),
          () => (state.__exitAnimations = ['(the transition was skipped)']),
        );
        return transition;
      }) as typeof document.startViewTransition;
    });
    await prompt(page).click();
    // The landing fades instead of sliding.
    const exit = await page.waitForFunction(() => (window as unknown as { __exitAnimations?: string[] }).__exitAnimations);
    const names = (await exit.jsonValue()) as string[];
    expect(names.filter((name) => name.startsWith('landing-exit'))).toEqual(['landing-exit-fade']);
    await expect(page).toHaveURL(/\/dailyPage\/project$/);
  });

  test('an upright phone draws the background from the part its screen shows: fewer pixels, the same view', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    // Still: no push-in, and the rotation paused, so the two files are drawn in the same place.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await open(page, '/login');
    await page.locator('main button[aria-pressed="false"]').click();
    await expect(page.locator('main button[aria-pressed="true"]')).toBeVisible();
    const background = page.locator('[data-active="true"] img');
    /** The file drawn, once it is (not the placeholder's colours), and the screen then. */
    const drawn = async () => {
      await expect(background).toHaveJSProperty('complete', true);
      const file = await background.evaluate(async (image: HTMLImageElement) => {
        await image.decode();
        return { address: new URL(image.currentSrc).pathname, pixels: image.naturalWidth * image.naturalHeight };
      });
      return { ...file, screen: await sharp(await page.screenshot()).removeAlpha().raw().toBuffer() };
    };
    const cut = await drawn();
    expect(cut.address, 'the upright cut').toMatch(/^\/_img\/tall-\d+-\d+-\d+\/uploads\//);
    // The same background from the wide file, as a screen wider than 3:4 draws it.
    await background.evaluate((image: HTMLImageElement) => image.parentElement!.querySelector('source')!.remove());
    await expect.poll(() => background.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\/_img\/\d+\/uploads\//);
    const wide = await drawn();
    let difference = 0;
    for (let at = 0; at < cut.screen.length; at += 1) difference += Math.abs(cut.screen[at]! - wide.screen[at]!);
    expect(difference / cut.screen.length, `${cut.address} and ${wide.address} show the same`).toBeLessThan(6);
    // A landscape picture drawn to cover an upright screen is mostly off it: the cut is at most
    // half of a 3:2 picture (and less of a wider one).
    expect(cut.pixels / wide.pixels, `${cut.address} against ${wide.address}`).toBeLessThanOrEqual(0.51);
  });
});
