import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';

/**
 * A mid-range phone on a slow mobile network, as issue 26 measured the site: slow 4G (150 ms round
 * trips, 1.6 Mbps down, 750 kbps up) and the CPU slowed 4×, through Chromium's DevTools protocol.
 */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
export const PHONE_CPU_SLOWDOWN = 4;

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export interface Throttled {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /**
   * The data requests (`.data`) the page's moves made (not its fetching ahead), as they finished:
   * from the network, or from what was fetched ahead.
   */
  dataRequests: Array<{ url: string; fromCache: boolean }>;
  /** Data fetched ahead (`<link rel="prefetch">`) and arrived whole, with its Cache-Control. */
  fetchedAhead: Array<{ url: string; cacheControl: string }>;
}

/** A fresh context on the phone (touch) or a desktop window, throttled like the phone above. */
export async function throttled(browser: Browser, { phone = true, reducedMotion = false, ignoreHTTPSErrors = false } = {}): Promise<Throttled> {
  // ignoreHTTPSErrors: the front door's local certificate authority (the bench through Caddy).
  const context = await browser.newContext(
    phone
      ? { userAgent: IPHONE, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'zh-CN', ignoreHTTPSErrors }
      : { viewport: { width: 1440, height: 900 }, locale: 'zh-CN', ignoreHTTPSErrors },
  );
  const page = await context.newPage();
  if (reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
  const dataRequests: Throttled['dataRequests'] = [];
  const fetchedAhead: Throttled['fetchedAhead'] = [];
  const ahead = new Map<string, { url: string; cacheControl: string }>();
  cdp.on('Network.responseReceived', ({ requestId, response, type }) => {
    if (!/\.data$/.test(new URL(response.url).pathname)) return;
    // A move fetches (`Fetch`); fetching ahead is a <link rel="prefetch"> (`Other`).
    if (type === 'Fetch') dataRequests.push({ url: response.url, fromCache: Boolean(response.fromDiskCache || response.fromPrefetchCache) });
    else ahead.set(requestId, { url: response.url, cacheControl: String(response.headers['cache-control'] ?? response.headers['Cache-Control'] ?? '') });
  });
  cdp.on('Network.loadingFinished', ({ requestId }) => {
    const done = ahead.get(requestId);
    if (done) fetchedAhead.push(done);
  });
  return { context, page, cdp, dataRequests, fetchedAhead };
}

/** Opens `url` and resolves as soon as the page has arrived: its content is there, its scripts have not run. */
export async function arrive(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator('main').first().waitFor({ state: 'attached', timeout: 20_000 });
}

/**
 * Milliseconds from the visitor's move (the click or tap, or Back) until `selector` shows `text`,
 * measured inside the page, so the test runner's own delays do not count.
 */
export async function timeUntil(page: Page, act: () => Promise<void>, selector: string, text: string): Promise<number> {
  await page.evaluate(
    ([sel, expected]) => {
      const state = window as unknown as { __movedAt?: number; __startedAt?: number };
      delete state.__startedAt;
      delete state.__movedAt;
      const started = () => (state.__startedAt ??= performance.now());
      addEventListener('click', started, { capture: true, once: true });
      addEventListener('popstate', started, { capture: true, once: true });
      const check = () => {
        if (state.__movedAt === undefined && [...document.querySelectorAll(sel!)].some((element) => element.textContent?.includes(expected!))) {
          state.__movedAt = performance.now();
        }
      };
      new MutationObserver(check).observe(document.documentElement, { subtree: true, childList: true, characterData: true });
    },
    [selector, text],
  );
  await act();
  await page.waitForFunction(() => (window as unknown as { __movedAt?: number }).__movedAt !== undefined, null, { timeout: 15_000 });
  return page.evaluate(() => {
    const state = window as unknown as { __movedAt: number; __startedAt: number };
    return state.__movedAt - state.__startedAt;
  });
}
