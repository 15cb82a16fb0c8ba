// Page weight and lab performance per route: Lighthouse (mobile and desktop) and a cold-cache
// browser walk that counts what each route transfers, by type, in both layouts.
import { lighthouseRun } from './lighthouse.mjs';
import { median } from './stats.mjs';

/** The routes issue 11 names, found from the running site (a project and an article by their links). */
export async function benchRoutes(siteUrl) {
  const firstLink = async (list, prefix) => {
    const html = await (await fetch(`${siteUrl}${list}`)).text();
    const href = new RegExp(`href="(${prefix}/[^"]+)"`).exec(html)?.[1];
    if (!href) throw new Error(`no ${prefix} link on ${list}`);
    return href.replaceAll('&amp;', '&');
  };
  return [
    ['landing', '/login'],
    ['grid', '/dailyPage/project'],
    ['project', await firstLink('/dailyPage/project', '/dailyPage/project')],
    ['article list', '/dailyPage/article'],
    ['article', await firstLink('/dailyPage/article', '/dailyPage/article')],
    ['profile', '/dailyPage/profile'],
  ];
}

/** Lighthouse 13's mobile emulation's user agent (a phone, for the site's layout and page cache). */
const MOBILE_USER_AGENT = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';

const mostFrequent = (values) => {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
};

/**
 * Lighthouse on every route, `runs` times each; medians per route. The caches are warmed at
 * `siteUrl`; the runs load `runUrl` (the same site through the front door, issue 41's HTTP/2, with
 * `chromeFlags` to trust it).
 */
export async function lighthouseRoutes(siteUrl, routes, formFactor, runs = 3, { runUrl = siteUrl, chromeFlags = [] } = {}) {
  const results = [];
  for (const [name, route] of routes) {
    // Warm the site's page and image caches first: a visitor's first visit, not the server's. A
    // picture's first request makes its variant (tens of ms), which would put everything the page
    // loaded meanwhile into Lantern's LCP graph.
    // The page is drawn once per layout (the phone's is what Lighthouse mobile asks for).
    let html = '';
    for (const userAgent of [undefined, MOBILE_USER_AGENT]) html += await fetch(`${siteUrl}${route}`, { headers: userAgent ? { 'user-agent': userAgent } : {} }).then((response) => response.text());
    let notMade = 0;
    for (const picture of new Set(html.match(/\/_img\/(?:tall-)?[\d-]+\/[^\s"',)]+/g) ?? [])) {
      // AVIF only (what Chromium asks for); a redirect to the original means the endpoint's
      // allowance of new variants for this address ran out (server/images): said, not hidden.
      const response = await fetch(`${siteUrl}${picture}`, { headers: { accept: 'image/avif,image/webp,*/*' }, redirect: 'manual' });
      await response.arrayBuffer();
      if (response.status !== 200) notMade += 1;
    }
    if (notMade > 0) console.warn(`lighthouse ${name}: ${notMade} picture variants not made before the runs (the image endpoint's allowance)`);
    const samples = [];
    for (let n = 0; n < runs; n += 1) samples.push(await lighthouseRun(`${runUrl}${route}`, formFactor, undefined, undefined, chromeFlags));
    const mid = (key) => median(samples.map((sample) => sample[key]).filter(Number.isFinite));
    results.push({
      name,
      route,
      performance: mid('performance'),
      accessibility: mid('accessibility'),
      bestPractices: mid('bestPractices'),
      seo: mid('seo'),
      lcpMs: mid('lcpMs'),
      cls: mid('cls'),
      tbtMs: mid('tbtMs'),
      wallBlockingMs: mid('wallBlockingMs'),
      threadBlockingMs: mid('threadBlockingMs'),
      longestWallMs: mid('longestWallMs'),
      longestThreadMs: mid('longestThreadMs'),
      failing: [...new Set(samples.flatMap((sample) => sample.failing))],
      lcpWaitedFor: mostFrequent(samples.map((sample) => sample.lcpWaitedFor).filter(Boolean)),
    });
  }
  return results;
}

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
};
const WEB = { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 };
const KIND = { document: 'html', script: 'js', stylesheet: 'css', image: 'img', font: 'font', media: 'media', fetch: 'data' };

/**
 * A first visit with an empty browser cache: each route in a new context, loaded and left to
 * settle (first-screen animations and lazy pictures near the first screen), counting transferred
 * bytes per type from the network and the picture formats served. `firstViewportImages` counts
 * only the pictures drawn inside the first screen.
 */
export async function coldWalk(browser, siteUrl, routes) {
  const rows = [];
  for (const [layout, device] of [
    ['web', WEB],
    ['phone', PHONE],
  ]) {
    for (const [name, route] of routes) {
      const context = await browser.newContext(device);
      const page = await context.newPage();
      const client = await context.newCDPSession(page);
      await client.send('Network.enable');
      const requests = new Map();
      client.on('Network.responseReceived', ({ requestId, type, response }) =>
        requests.set(requestId, { type: type.toLowerCase(), url: response.url, mime: response.mimeType, encoding: response.headers['content-encoding'] ?? response.headers['Content-Encoding'], bytes: 0 }),
      );
      client.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
        const request = requests.get(requestId);
        if (request) request.bytes = encodedDataLength;
      });
      await page.goto(`${siteUrl}${route}`, { waitUntil: 'load' });
      await page.waitForTimeout(2500);
      const visible = new Set(
        await page.evaluate(() =>
          [...document.images]
            .filter((image) => {
              const box = image.getBoundingClientRect();
              return image.currentSrc && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth && box.width > 0;
            })
            .map((image) => image.currentSrc),
        ),
      );
      await context.close();
      const bytes = {};
      const formats = new Set();
      let firstViewportImages = 0;
      const uncompressed = [];
      for (const request of requests.values()) {
        const kind = KIND[request.type] ?? 'other';
        bytes[kind] = (bytes[kind] ?? 0) + request.bytes;
        if (kind === 'img') {
          formats.add(request.mime.replace('image/', ''));
          if (visible.has(request.url)) firstViewportImages += request.bytes;
        }
        if (['html', 'js', 'css'].includes(kind) && !request.encoding && request.bytes > 1024) uncompressed.push(request.url);
      }
      rows.push({ layout, name, route, bytes, formats: [...formats].sort(), firstViewportImages, uncompressed });
    }
  }
  return rows;
}

export const kb = (bytes) => `${((bytes ?? 0) / 1024).toFixed(0)} KB`;
