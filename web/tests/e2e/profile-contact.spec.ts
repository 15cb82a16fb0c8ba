import { expect, test } from './fixtures';
import { cmsData, ONE_LAYOUT, open } from './support';

type ProfileRow = { profileName: string; awardimage: Array<{ url: string }> };
type Contact = { address: string; phonenum: string; mail: string };

test.describe('profile and contact', () => {
  test('the profile page shows each profile with portrait, awards and 32px award images', async ({ page }, testInfo) => {
    const profiles = await cmsData<ProfileRow[]>('/api/profilelists?populate[awardimage][fields][0]=url');
    await open(page, '/dailyPage/profile');
    const sections = page.locator('main section');
    await expect(sections).toHaveCount(profiles.length);
    for (const [index, profile] of profiles.entries()) {
      const section = sections.nth(index);
      await expect(section.getByRole('heading', { level: 2, name: profile.profileName })).toBeVisible();
      await expect(section.getByRole('list', { name: '获奖' }).getByRole('img')).toHaveCount(profile.awardimage.length);
    }
    await expect(sections.first().getByRole('list', { name: '获奖' }).getByRole('img').first()).toHaveCSS('height', '32px');
    // Drawn from the image endpoint at about their size where it can resize them (a few KB each).
    const badges = await page.getByRole('list', { name: '获奖' }).getByRole('img').all();
    const uploads = profiles.flatMap((profile) => profile.awardimage.map((image) => image.url));
    expect(badges.length).toBe(uploads.length);
    for (const [index, badge] of badges.entries()) {
      await badge.scrollIntoViewIfNeeded();
      await expect.poll(() => badge.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      const drawnFrom = await badge.evaluate((image: HTMLImageElement) => new URL(image.currentSrc).pathname);
      if (/\.(jpe?g|png|webp)$/i.test(uploads[index]!)) expect(drawnFrom).toMatch(/^\/_img\/240\/uploads\//);
    }
    // The award lines follow each other closely: the profile's own rule over the article text's
    // paragraph gap (the shared text block's styles come first in the page, then the page's own).
    const gaps: number[] = [];
    for (const section of await sections.all()) {
      const boxes = await Promise.all((await section.locator('[class*="_awards_"] p').all()).map((line) => line.boundingBox()));
      for (let n = 1; n < boxes.length; n += 1) gaps.push(boxes[n]!.y - (boxes[n - 1]!.y + boxes[n - 1]!.height));
    }
    expect(gaps.length, 'profiles with more than one award line').toBeGreaterThan(0);
    for (const gap of gaps) expect(gap).toBeLessThan(1);
    const portrait = sections.first().locator('img').first();
    const width = (await portrait.boundingBox())!.width;
    if (testInfo.project.name === 'web') {
      expect(Math.round(width)).toBe(230);
      const column = await page.locator('main > div').first().evaluate((element) => getComputedStyle(element).maxWidth);
      expect(column).toBe('1260px');
    } else {
      const parent = (await sections.first().boundingBox())!.width;
      expect(width / parent).toBeGreaterThan(0.85);
    }
  });

  test('a longer name, as another language may have, moves no profile and stays on the screen', async ({ page }) => {
    await open(page, '/dailyPage/profile');
    const sections = page.locator('main section');
    await expect(sections.first()).toBeVisible();
    const place = () => sections.evaluateAll((all) => all.map((section) => Math.round(section.getBoundingClientRect().x)));
    const before = await place();
    // A name of many words, and one of a single long compound word (German has them).
    await page.evaluate(() => {
      const names = document.querySelectorAll('main section h2');
      names[0]!.textContent = `${names[0]!.textContent} · ${'Gestaltung Kommunikation Raum '.repeat(4)}`;
      names[names.length - 1]!.textContent = 'Geschäftsführungsassistenzstellenausschreibungsverfahrensbeauftragte';
    });
    expect(await place()).toEqual(before);
    // Each name inside its profile, and on the screen.
    const overflow = await page.evaluate(() =>
      [...document.querySelectorAll('main section h2')].map((name) => Math.max(name.getBoundingClientRect().right - name.closest('section')!.getBoundingClientRect().right, name.getBoundingClientRect().right - window.innerWidth)),
    );
    for (const beyond of overflow) expect(beyond).toBeLessThanOrEqual(0.5);
  });

  test('the contact overlay shows both QR codes, the address, a tel: and a mailto: link', async ({ page }) => {
    const contact = await cmsData<Contact>('/api/contact-mess');
    await open(page, '/dailyPage/project');
    await page.getByRole('button', { name: '菜单' }).click();
    await page.getByRole('navigation', { name: '主菜单' }).getByRole('button', { name: 'CONTACT' }).click();
    const dialog = page.getByRole('dialog', { name: 'CONTACT' });
    await expect(dialog).toBeVisible();
    const codes = dialog.getByRole('img');
    await expect(codes).toHaveCount(2);
    await expect(codes.first()).toHaveCSS('width', '100px');
    await expect(codes.first()).toHaveCSS('height', '100px');
    await expect(dialog.getByText('微信', { exact: true })).toBeVisible();
    await expect(dialog.getByText('公众号', { exact: true })).toBeVisible();
    await expect(dialog.getByText(contact.address)).toBeVisible();
    await expect(dialog.getByRole('link', { name: contact.phonenum })).toHaveAttribute('href', /^tel:\+?\d+$/);
    await expect(dialog.getByRole('link', { name: contact.mail })).toHaveAttribute('href', `mailto:${contact.mail}`);
    await dialog.getByRole('button', { name: '关闭联系方式' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a contact panel whose code could not be fetched is empty, and filled at the next opening once it can', ONE_LAYOUT, async ({ page }) => {
    const contact = await cmsData<Contact>('/api/contact-mess');
    // The panel's own chunk (fetched when the menu opens) fails while the network is away.
    let offline = true;
    await page.route(/\/assets\/contact-details[^/]*\.js$/, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
    await open(page, '/dailyPage/project');
    const openContact = async () => {
      await page.getByRole('button', { name: '菜单' }).click();
      await page.getByRole('navigation', { name: '主菜单' }).getByRole('button', { name: 'CONTACT' }).click();
    };
    await openContact();
    const dialog = page.getByRole('dialog', { name: 'CONTACT' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(contact.address)).toHaveCount(0);
    await dialog.getByRole('button', { name: '关闭联系方式' }).click();
    await expect(dialog).toBeHidden();
    offline = false;
    await openContact();
    await expect(dialog.getByText(contact.address)).toBeVisible();
    await expect(dialog.getByRole('link', { name: contact.mail })).toHaveAttribute('href', `mailto:${contact.mail}`);
  });
});
