// Issue 26: how long a visitor's moves take on a mid-range phone on slow 4G (and a desktop window
// throttled the same way), measured inside the page from the click, tap or Back until the new
// content is in the document, and the interaction latency (INP's measure: the event's duration
// until the next paint) of a tile tap and of the language toggle. Each run is a fresh browser
// context (an empty cache): what is fast comes from fetching ahead, not from a warm browser.
import { arrive, throttled, timeUntil } from '../../web/tests/e2e/support/phone-profile.ts';
import { median, ms } from './stats.mjs';

const hydrated = (page) => page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
/** A visitor looks at the page a moment before moving (the page is idle, its fetching ahead done). */
const linger = (page) => page.waitForTimeout(2_000);

/** Records every interaction's longest event duration (what INP reports), from now on. */
async function watchInteractions(page) {
  await page.evaluate(() => {
    const state = window;
    state.__interactions = new Map();
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.interactionId) continue;
        state.__interactions.set(entry.interactionId, Math.max(state.__interactions.get(entry.interactionId) ?? 0, entry.duration));
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  });
}
const longestInteraction = (page) =>
  page.evaluate(async () => {
    await new Promise((resolve) => setTimeout(resolve, 500)); // entries arrive after the next paint
    return Math.max(16, ...window.__interactions.values());
  });

async function tileToProject(browser, siteUrl, { phone, ignoreHTTPSErrors }) {
  const { page, context } = await throttled(browser, { phone, ignoreHTTPSErrors });
  await arrive(page, `${siteUrl}/dailyPage/project`);
  await hydrated(page);
  await linger(page);
  const tile = page.locator('main li a').nth(phone ? 1 : 2);
  await tile.scrollIntoViewIfNeeded();
  const name = ((await tile.locator('span').nth(1).textContent()) ?? '').trim();
  if (!phone) {
    await tile.hover();
    await page.waitForTimeout(400);
  }
  await watchInteractions(page);
  const open = await timeUntil(page, () => (phone ? tile.tap() : tile.click()), 'main h1', name);
  const inp = await longestInteraction(page);
  await linger(page);
  const back = await timeUntil(page, async () => void (await page.goBack()), 'main ul a span', name);
  await context.close();
  return { open, inp, back };
}

async function nextProject(browser, siteUrl, projects, { ignoreHTTPSErrors }) {
  const { page, context } = await throttled(browser, { ignoreHTTPSErrors });
  const [first, second] = projects;
  await arrive(page, `${siteUrl}/dailyPage/project/${first.documentId}?documentId=${first.documentId}`);
  await hydrated(page);
  await linger(page);
  const next = page.getByRole('navigation', { name: '翻页' }).getByRole('button', { name: /下一个/ });
  const moved = await timeUntil(page, () => next.tap(), 'main h1', second.projectName);
  await context.close();
  return moved;
}

async function toggleInteraction(browser, siteUrl, { ignoreHTTPSErrors }) {
  const { page, context } = await throttled(browser, { ignoreHTTPSErrors });
  await arrive(page, `${siteUrl}/dailyPage/profile`);
  await hydrated(page);
  await linger(page);
  await watchInteractions(page);
  await page.locator('a[data-language]').tap();
  const inp = await longestInteraction(page);
  await context.close();
  return inp;
}

/**
 * The moves, direct (HTTP/1.1 on loopback) or through the front door (`via`: HTTP/2 from Caddy,
 * issue 40, its local certificate authority accepted); each row's label says which.
 */
export async function instantMoves(browser, siteUrl, cmsUrl, runs, { via = '', ignoreHTTPSErrors = false } = {}) {
  const projects = (await (await fetch(`${cmsUrl}/api/projects?fields[0]=projectName&sort[0]=projectName:asc`)).json()).data;
  const desktop = [];
  const phone = [];
  const next = [];
  const toggle = [];
  for (let n = 0; n <= runs; n += 1) {
    // Run 0 warms the site's page cache and image variants; it is not counted.
    const d = await tileToProject(browser, siteUrl, { phone: false, ignoreHTTPSErrors });
    const p = await tileToProject(browser, siteUrl, { phone: true, ignoreHTTPSErrors });
    const x = await nextProject(browser, siteUrl, projects, { ignoreHTTPSErrors });
    const t = await toggleInteraction(browser, siteUrl, { ignoreHTTPSErrors });
    if (n === 0) continue;
    desktop.push(d);
    phone.push(p);
    next.push(x);
    toggle.push(t);
  }
  const of = (list, key) => median(list.map((entry) => entry[key]));
  const profile = `slow 4G, CPU 4×${via}`;
  return [
    [`Move: pointing at a tile 400 ms, then click, to the project's content (desktop window, ${profile}), median of ${runs}`, ms(of(desktop, 'open'))],
    [`Move: tap on a tile in view to the project's content (phone, ${profile}), median of ${runs}`, ms(of(phone, 'open'))],
    [`Move: Back from a project to the grid's content (desktop / phone, ${profile}), median of ${runs}`, `${ms(of(desktop, 'back'))} / ${ms(of(phone, 'back'))}`],
    [`Move: "next project" on a phone to the next project's content (${profile}), median of ${runs}`, ms(median(next))],
    [`Interaction latency (INP's measure) on a phone (${profile}): tile tap / language toggle tap, median of ${runs}`, `${ms(of(phone, 'inp'))} / ${ms(median(toggle))}`],
  ];
}
