import { expect, test, type Page } from './fixtures';
import { cmsData, ONE_LAYOUT, onScreenBoxes, open, picturePriorities } from './support';

type ProjectRow = { documentId: string; projectName: string; author: string; images: Array<{ url: string }> };
const PROJECTS = '/api/projects?fields[0]=projectName&fields[1]=author&populate[images][fields][0]=url&sort[0]=projectName:asc';

const previous = (page: Page) => page.getByRole('button', { name: '上一个' });
const next = (page: Page) => page.getByRole('button', { name: '下一个' });
const media = (page: Page) => page.locator('article img, article video');

test.describe('the project detail page', () => {
  let projects: ProjectRow[];
  test.beforeAll(async () => {
    projects = await cmsData<ProjectRow[]>(PROJECTS);
  });

  test('opens from the grid with name, author and every medium but the first', async ({ page }) => {
    await open(page, '/dailyPage/project');
    await page.getByRole('list', { name: '项目列表' }).getByRole('link').first().click();
    const first = projects[0]!;
    await expect(page).toHaveURL(new RegExp(`/dailyPage/project/${first.documentId}\\?documentId=${first.documentId}$`));
    await expect(page.getByRole('heading', { level: 1, name: first.projectName })).toBeVisible();
    // The project's own author line (the grid, kept hidden behind it, has the same name on its tile).
    await expect(page.locator('article').getByText(first.author, { exact: true })).toBeVisible();
    await expect(media(page)).toHaveCount(first.images.length - 1);
  });

  test('previous is disabled on the first project; next moves on and replaces the URL', async ({ page }) => {
    await open(page, '/dailyPage/project');
    await page.getByRole('list', { name: '项目列表' }).getByRole('link').first().click();
    await expect(previous(page)).toBeDisabled();
    await expect(previous(page)).toHaveCSS('opacity', '0.3');
    await next(page).click();
    const second = projects[1]!;
    await expect(page).toHaveURL(new RegExp(`documentId=${second.documentId}`));
    await expect(page.getByRole('heading', { level: 1, name: second.projectName })).toBeVisible();
    await page.goBack(); // the move replaced the entry: back returns to the grid
    await expect(page).toHaveURL(/\/dailyPage\/project$/);
  });

  test('a shared link to the last project has next disabled and previous working', async ({ page }) => {
    const last = projects[projects.length - 1]!;
    await open(page, `/dailyPage/project/${last.documentId}?documentId=${last.documentId}`);
    await expect(next(page)).toBeDisabled();
    await previous(page).click();
    await expect(page.getByRole('heading', { level: 1, name: projects[projects.length - 2]!.projectName })).toBeVisible();
  });

  test('keeps the category filter: previous/next within it, back to the filtered list', async ({ page }) => {
    const categories = await cmsData<Array<{ designType: string }>>('/api/categories');
    const category = categories[0]!.designType;
    const inCategory = await cmsData<ProjectRow[]>(`${PROJECTS}&filters[category][designType][$eq]=${encodeURIComponent(category)}`);
    const firstInCategory = inCategory[0]!;
    await open(page, `/dailyPage/project/${firstInCategory.documentId}?documentId=${firstInCategory.documentId}&category=${encodeURIComponent(category)}`);
    await expect(previous(page)).toBeDisabled();
    await next(page).click();
    await expect(page.getByRole('heading', { level: 1, name: inCategory[1]!.projectName })).toBeVisible();
    await page.getByRole('link', { name: '返回列表' }).click();
    await expect(page).toHaveURL(`/dailyPage/project?category=${encodeURIComponent(category)}`);
    await expect(page.getByRole('list', { name: '项目列表' }).getByRole('listitem')).toHaveCount(inCategory.length);
  });

  test('the picture its first screen shows most of comes first; the others there come behind it', async ({ page }) => {
    const priorityOf = await picturePriorities(page);
    let checked: string | undefined;
    for (const project of projects) {
      await open(page, `/dailyPage/project/${project.documentId}?documentId=${project.documentId}`);
      const pictures = page.locator('article img');
      // The pictures on the first screen, by how much of each it shows.
      const shown = (await onScreenBoxes(pictures)).map((box) => box.shown);
      const onScreen = shown.map((area, index) => ({ area, index })).filter(({ area }) => area > 0);
      if (onScreen.length < 2) continue;
      const priorities: string[] = [];
      for (const { index } of onScreen) priorities.push(await priorityOf(pictures.nth(index)));
      const largest = onScreen.reduce((most, item) => (item.area > most.area ? item : most));
      expect(priorities, project.projectName).toEqual(onScreen.map((item) => (item === largest ? 'High' : 'Low')));
      checked = project.projectName;
      break;
    }
    expect(checked, 'a project shows two pictures or more on its first screen').toBeDefined();
  });

  test('an unknown project is the 404 page', ONE_LAYOUT, async ({ page }) => {
    const response = await open(page, '/dailyPage/project/nope?documentId=nope');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '抱歉，您访问的页面不存在。' })).toBeVisible();
  });

  const projectWithVideo = () =>
    cmsData<Array<{ documentId: string; projectName: string; images: Array<{ ext: string }> }>>(
      '/api/projects?fields[0]=projectName&populate[images][fields][0]=ext&sort[0]=projectName:asc',
    ).then((rows) => rows.find((row) => row.images.slice(1).some((image) => image.ext === '.mp4'))!);

  test('a video reached from the grid comes a moment after its page, in the frame kept for it, and plays', async ({ page }) => {
    const withVideo = await projectWithVideo();
    await open(page, '/dailyPage/project');
    // What the page held when the project's title first appeared (decision 022, fortieth pass).
    type Held = { video: boolean; standIn: { width: number; height: number } | null };
    await page.evaluate((name) => {
      new MutationObserver((_, observer) => {
        const title = document.querySelector('article h1');
        if (!title?.textContent?.includes(name)) return;
        observer.disconnect();
        const standIn = document.querySelector('article [data-stand-in]')?.getBoundingClientRect();
        const held: Held = { video: !!document.querySelector('article video'), standIn: standIn ? { width: standIn.width, height: standIn.height } : null };
        Object.assign(window, { held });
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, withVideo.projectName);
    await page.locator(`main li a[href*="${withVideo.documentId}"]`).click();
    const seen = await page.waitForFunction(() => (window as unknown as { held?: Held }).held);
    const { video: videoInMove, standIn } = (await seen.jsonValue()) as Held;
    expect(videoInMove, 'no video element in the move itself').toBe(false);
    expect(standIn, 'the video’s frame stands in for it').not.toBeNull();
    const video = page.locator('article video').first();
    await expect(video).toBeAttached();
    await expect(page.locator('article [data-stand-in]')).toHaveCount(0);
    // In the frame the stand-in kept: nothing below it moves when the video comes.
    const box = await video.evaluate((element) => ({ width: element.getBoundingClientRect().width, height: element.getBoundingClientRect().height }));
    expect(Math.abs(box.width - standIn!.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(box.height - standIn!.height)).toBeLessThanOrEqual(1);
    // And it plays, muted, as a video opened directly does.
    await expect.poll(() => video.evaluate((element) => !(element as HTMLVideoElement).paused && (element as HTMLVideoElement).muted)).toBe(true);
  });

  test('a project with a video does not move while its media load (no layout shift)', async ({ page }) => {
    const withVideo = await projectWithVideo();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      const moved: string[] = [];
      Object.assign(window, { shifts, moved });
      type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] }>) {
          if (entry.hadRecentInput) continue;
          shifts.push(entry.value);
          // What moved, for the failure's message.
          for (const { node, previousRect: was, currentRect: now } of entry.sources ?? []) {
            const element = node instanceof Element ? node : node?.parentElement;
            moved.push(`${Math.round(entry.startTime)} ms ${element?.tagName.toLowerCase() ?? '?'}.${element?.className ?? ''} ${Math.round(was.y)}→${Math.round(now.y)} h ${Math.round(was.height)}→${Math.round(now.height)}`);
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await open(page, `/dailyPage/project/${withVideo.documentId}?documentId=${withVideo.documentId}`);
    const video = page.locator('article video').first();
    await expect(video).toBeAttached();
    // Until the video knows its size, and a moment after.
    await expect.poll(() => video.evaluate((element) => (element as HTMLVideoElement).readyState)).toBeGreaterThanOrEqual(1);
    await page.waitForTimeout(500);
    const { total, moved } = await page.evaluate(() => {
      const { shifts, moved } = window as unknown as { shifts: number[]; moved: string[] };
      return { total: shifts.reduce((sum, value) => sum + value, 0), moved };
    });
    expect(total, moved.join('\n')).toBeLessThan(0.01);
  });
});
