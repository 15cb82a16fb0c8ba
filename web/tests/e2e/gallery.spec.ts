import { expect, test, type Page } from './fixtures';
import { cmsData, open } from './support';

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

  test('covers are responsive and sized; the first row loads first', async ({ page }) => {
    await open(page, '/dailyPage/project');
    const first = tiles(page).nth(0).locator('img');
    await expect(first).toHaveAttribute('srcset', /\/_img\/480\/uploads\/.* 480w/);
    await expect(first).toHaveAttribute('width', /\d+/);
    await expect(first).toHaveAttribute('height', /\d+/);
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    // The first picture alone at high priority: the rest of the first screen comes at once, after
    // it, and the header's small mark after them (decision 022, twenty-first pass).
    const second = tiles(page).nth(1).locator('img');
    await expect(second).toHaveAttribute('loading', 'eager');
    await expect(second).not.toHaveAttribute('fetchpriority', 'high');
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
