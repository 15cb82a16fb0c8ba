import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';

/**
 * A mid-range phone on a slow mobile network, as issue 26 measured the site: slow 4G (150 ms round
 * trips, 1.6 Mbps down, 750 kbps up) and the CPU slowed 4×, through Chromium's DevTools protocol.
 */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
export const PHONE_CPU_SLOWDOWN = 4;

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export interface DataRequest {
  url: string;
  /** The answer has arrived whole. */
  done: boolean;
}

export interface Throttled {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /**
   * Every request for a page's data (`.data`) that went to the network, in the order made, and
   * whether its answer has arrived whole. Fetching ahead and a move share one request per page
   * (issue 41): a move whose data was fetched ahead adds none.
   */
  dataRequests: DataRequest[];
  /** The network requests for `page`'s data (its address without `?…`), made so far. */
  requestsFor: (page: string) => DataRequest[];
}

/**
 * A fresh context on the phone (touch) or a desktop window, throttled like the phone above.
 * `cpuSlowdown`: another CPU rate than the profile's 4× (the bench's phone calibrated to this
 * machine, `scripts/bench/calibrate.mjs`).
 */
export async function throttled(
  browser: Browser,
  { phone = true, reducedMotion = false, ignoreHTTPSErrors = false, cpuSlowdown = PHONE_CPU_SLOWDOWN } = {},
): Promise<Throttled> {
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
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  const dataRequests: DataRequest[] = [];
  const byId = new Map<string, DataRequest>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    if (!/\.data$/.test(new URL(request.url).pathname) || byId.has(requestId)) return;
    const entry = { url: request.url, done: false };
    byId.set(requestId, entry);
    dataRequests.push(entry);
  });
  // Answered by the browser's own cache: not a request the network saw.
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const entry = byId.get(requestId);
    if (entry) dataRequests.splice(dataRequests.indexOf(entry), 1);
  });
  cdp.on('Network.loadingFinished', ({ requestId }) => {
    const entry = byId.get(requestId);
    if (entry) entry.done = true;
  });
  const requestsFor = (page: string) => {
    const path = new URL(page, 'http://site').pathname;
    return dataRequests.filter((entry) => new URL(entry.url).pathname === `${path}.data`);
  };
  return { context, page, cdp, dataRequests, requestsFor };
}

/** Opens `url` and resolves as soon as the page has arrived: its content is there, its scripts have not run. */
export async function arrive(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator('main').first().waitFor({ state: 'attached', timeout: 20_000 });
}

/**
 * The visitor's Back, with the moment it was pressed noted inside the page first. A `popstate`
 * listener added now would run after React Router's own (added when the page started), and could
 * hear of the Back only once the router had already put the grid in (the bench once measured a
 * Back of -8 ms so): `timeUntil` and `watchFramesAfterBack` count from this moment instead.
 */
export async function pressBack(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = window as unknown as { __startedAt?: number; __backAt?: number };
    state.__startedAt = state.__backAt = performance.now();
    history.back();
  });
}

/**
 * Milliseconds from the visitor's move (the click or tap, or Back: `pressBack`) until `selector` shows `text`,
 * measured inside the page, so the test runner's own delays do not count.
 *
 * No script of Playwright's runs in the page between the move and its content, only the harness's
 * own check below: the wait is a promise made in the page before the move, not Playwright's
 * `waitForFunction`. That one runs in the page's own world, and its first call there compiles and
 * runs Playwright's injected script: about 55 ms of the main thread at the 4x CPU, traced in the
 * middle of a tap's move, a cost no visitor's browser has (decision 022, thirty-third pass).
 */
export async function timeUntil(page: Page, act: () => Promise<void>, selector: string, text: string): Promise<number> {
  await page.evaluate(
    ([sel, expected]) => {
      const state = window as unknown as { __movedAt?: number; __startedAt?: number; __moved?: Promise<void> };
      delete state.__startedAt;
      delete state.__movedAt;
      const started = () => (state.__startedAt ??= performance.now());
      addEventListener('click', started, { capture: true, once: true });
      // Shown: the shell keeps the grid in the document, hidden (React's Activity sets display: none
      // inline), while a project is open. `checkVisibility` makes the browser compute styles there
      // and then, inside the move it is timing: asked on every mutation it once added about 45 ms
      // (180 ms at the 4x CPU) to a move. So the text and the inline style are looked at first,
      // and the browser is asked only about the element that passes both.
      const shown = (element: Element) =>
        !!element.textContent?.includes(expected!) && !element.closest('[style*="display: none"]') && element.checkVisibility();
      state.__moved = new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if ([...document.querySelectorAll(sel!)].some(shown)) {
            state.__movedAt = performance.now();
            observer.disconnect();
            resolve();
          }
        });
        observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['style', 'hidden'] });
      });
    },
    [selector, text],
  );
  await act();
  return page.evaluate(
    ([sel, expected]) => {
      const state = window as unknown as { __movedAt?: number; __startedAt: number; __moved?: Promise<void> };
      // A move that loaded a new document (not the app's own move) left the watch behind.
      if (!state.__moved) throw new Error(`the move to "${expected}" loaded a new document: no move of the app's own to time`);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${sel} did not show "${expected}" within 15 s of the move`)), 15_000);
      });
      return Promise.race([state.__moved, late]).then(
        () => (clearTimeout(timer), state.__movedAt! - state.__startedAt),
        (error: unknown) => {
          clearTimeout(timer);
          throw error;
        },
      );
    },
    [selector, text],
  );
}

export interface Frame {
  /** Milliseconds after Back was pressed (`pressBack`), or after `popstate` for any other Back. */
  at: number;
  scrollY: number;
  /** Whether the grid (or list) Back leads to is in the frame (and the page left is not). */
  list: boolean;
  /** The list's items on the screen that the frame does not show (opacity under 0.5: an entrance replayed). */
  hidden: number;
}

/**
 * From the next Back or Forward on, the page's scroll position and what it shows in each animation
 * frame (`requestAnimationFrame` after `popstate`, 40 frames): what a visitor sees after Back.
 */
export async function watchFramesAfterBack(page: Page, listSelector = 'main ul li a'): Promise<() => Promise<Frame[]>> {
  await page.evaluate((selector) => {
    const state = window as unknown as { __frames: Frame[]; __backAt?: number };
    state.__frames = [];
    delete state.__backAt;
    addEventListener(
      'popstate',
      () => {
        const start = state.__backAt ?? performance.now();
        const sample = () => {
          // The scroll position makes the browser do the frame's own style and layout, which the
          // frame needs anyway and is counted. The moment is taken then, before the reads below:
          // on a list whose items are `content-visibility: auto`, each item's box and style forces
          // another round of style and layout (about 120 ms on the 4× CPU for the grid's first
          // shown frame), which is the measurement's cost, not the page's.
          const y = scrollY;
          const at = performance.now() - start;
          const next = () => state.__frames.length < 40 && requestAnimationFrame(sample);
          // The page left is still up (its reads would only slow the move being measured).
          if (document.querySelector('article h1')) {
            state.__frames.push({ at, scrollY: y, list: false, hidden: 0 });
            return next();
          }
          // Those shown: the shell keeps the grid in the document, hidden, while a project is open.
          const items = [...document.querySelectorAll(selector)].filter((link) => link.checkVisibility()).map((link) => link.closest('li') ?? link);
          const onScreen = items.filter((item) => {
            const { top, bottom } = item.getBoundingClientRect();
            return bottom > 0 && top < innerHeight;
          });
          const hidden = onScreen.filter((item) => Number(getComputedStyle(item).opacity) < 0.5).length;
          state.__frames.push({ at, scrollY: y, list: items.length > 0, hidden });
          next();
        };
        requestAnimationFrame(sample);
      },
      { once: true, capture: true },
    );
  }, listSelector);
  // Waited for in the page (as in `timeUntil`): Playwright's `waitForFunction` would first run its
  // injected script there, on the main thread, while the frames are being drawn.
  return () =>
    page.evaluate(
      () =>
        new Promise<Frame[]>((resolve, reject) => {
          const frames = (window as unknown as { __frames: Frame[] }).__frames;
          const since = performance.now();
          const look = () => {
            if (frames.some((frame) => frame.list)) resolve(frames);
            else if (performance.now() - since > 15_000) reject(new Error('no frame showed the list within 15 s of Back'));
            else setTimeout(look, 50);
          };
          look();
        }),
    );
}
