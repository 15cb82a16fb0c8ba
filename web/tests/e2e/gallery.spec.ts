import { expect, test, type Page } from './fixtures';
import { cmsData, onScreenBoxes, open, picturePriorities } from './support';

type ProjectRow = { documentId: string; projectName: string; flextype: string | null; images: Array<{ url: string }> };
const PROJECTS = '/api/projects?fields[0]=projectName&fields[1]=flextype&populate[images][fields][0]=url&sort[0]=projectName:asc';
const projectsIn = (designType: string) =>
  `${PROJECTS}&filters[category][designType][$eq]=${encodeURIComponent(designType)}`;

const tiles = (page: Page) => page.getByRole('list', { name: '项目列表' }).getByRole('listitem');

test.describe('the project grid', () => {
  test('shows every project, tall tiles spanning two 266px rows', async ({ page }) => {
    const projects = await cmsData<ProjectRow[]>(PROJECTS);
    await open(page, '/dailyPage/project');
    await expect(tiles(page)).toHaveCount(projects.length);
    const tallIndex = projects.findIndex((project) => !project.flextype);
    const normalIndex = projects.findIndex((project) => project.flextype);
    await expect(tiles(page).nth(normalIndex)).toHaveCSS('height', '266px');
    await expect(tiles(page).nth(tallIndex)).toHaveCSS('height', '532px');
    await expect(tiles(page).nth(0).getByText(projects[0]!.projectName)).toBeAttached();
  });

  test('covers are responsive and sized; the picture the first screen shows most of comes first, the rest of it behind', async ({ page }) => {
    const priorityOf = await picturePriorities(page);
    await open(page, '/dailyPage/project');
    const first = tiles(page).nth(0).locator('img');
    await expect(first).toHaveAttribute('srcset', /\/_img\/480\/uploads\/.* 480w/);
    await expect(first).toHaveAttribute('width', /\d+/);
    await expect(first).toHaveAttribute('height', /\d+/);
    // The covers asked for at once (decision 022, thirty-sixth pass): the one the first screen
    // shows most of at high priority; one no larger than a cover before it at low, even in view.
    const eager = page.locator('main li img[loading="eager"]');
    const boxes = await onScreenBoxes(eager);
    expect(boxes.length, 'covers asked for at once').toBeGreaterThan(1);
    expect(boxes.every((box) => box.shown > 0), 'every cover asked for at once is on the first screen').toBe(true);
    const priorities: string[] = [];
    for (let index = 0; index < boxes.length; index += 1) priorities.push(await priorityOf(eager.nth(index)));
    // Within a pixel: columns of a fractional width differ by less.
    const largest = boxes.reduce((most, box, index) => (box.shown > boxes[most]!.shown + 1 ? index : most), 0);
    expect(priorities[largest], 'the cover the first screen shows most of').toBe('High');
    const dominated = boxes.map((box, index) => boxes.slice(0, index).some((before) => before.width >= box.width - 1 && before.height >= box.height - 1));
    expect(dominated.some(Boolean), 'a cover no larger than one before it').toBe(true);
    expect(priorities.filter((_, index) => dominated[index])).toEqual(dominated.filter(Boolean).map(() => 'Low'));
    await expect(page.getByRole('banner').locator('img').first()).toHaveAttribute('fetchpriority', 'low');
    await expect(tiles(page).nth(10).locator('img')).toHaveAttribute('loading', 'lazy');
  });

  test('hover or keyboard focus fades in the overlay with name and author', async ({ page }, testInfo) => {
    await open(page, '/dailyPage/project');
    const tile = tiles(page).nth(0);
    const overlay = tile.locator('a > span').last();
    await expect(overlay).toHaveCSS('opacity', '0');
    if (testInfo.project.name === 'web') {
      await tile.hover();
      await expect(overlay).toHaveCSS('opacity', '1');
      await expect(tile.locator('img')).toHaveCSS('transform', /matrix\(1\.2, 0, 0, 1\.2/);
      await page.mouse.move(0, 0);
    }
    await tile.getByRole('link').focus();
    await expect(overlay).toHaveCSS('opacity', '1');
  });

  test('the category drawer filters the grid and puts the filter in the URL', async ({ page }) => {
    const categories = await cmsData<Array<{ designType: string }>>('/api/categories');
    const category = categories[1]!.designType;
    const expected = await cmsData<ProjectRow[]>(projectsIn(category));
    await open(page, '/dailyPage/project');
    await page.getByRole('button', { name: '筛选分类' }).click();
    await page.getByRole('navigation', { name: '项目分类' }).getByRole('link', { name: category }).click();
    await expect(page).toHaveURL(`/dailyPage/project?category=${encodeURIComponent(category)}`);
    await expect(tiles(page)).toHaveCount(expected.length);

    await page.reload();
    await expect(tiles(page)).toHaveCount(expected.length);

    await page.goBack();
    await expect(page).toHaveURL(/\/dailyPage\/project$/);
    await expect(tiles(page)).toHaveCount(30);
  });
});
