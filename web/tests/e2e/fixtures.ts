import { test as base, expect, type BrowserContext, type BrowserContextOptions, type CDPSession, type Page } from '@playwright/test';

// The suite's `test` is Playwright's, with two changes.
//
// 1. Every page it drives is watched for Content Security Policy violations. Chromium reports each
//    on the console as an error naming the policy, from every document the page shows, rendered or
//    cached. A test fails on any after its own steps unless it causes them on purpose
//    (`test.use({ cspViolationsExpected: true })`). Every page any test opens is checked this way,
//    in both layouts; pages opened in a context a test makes itself are not.
//
// 2. A test's `context` is shared with the worker's other tests that leave it as they found it
//    (decision 023). Making a browser context and its first renderer costs about 4 CPU-seconds on
//    a two-core machine whatever the page, more than half of what a short test costs, and the
//    suite is bound by the CPU. Each test still gets a page of its own (a new tab, its own
//    renderer, history, sessionStorage and in-memory cache); between tests the context's pages
//    are closed and its cookies, HTTP cache and every visited origin's storage (local storage,
//    IndexedDB, cache storage, service workers) are cleared, so a test's first request goes to the
//    network as in a fresh context. A test that changes the context itself (an init script, a
//    route, offline, headers, permissions, a listener, a CDP session, the clock) or that fails
//    gets the context closed after it. Tests with other options (`test.use`) get a context of
//    their own options. A test that needs a context no other test touched makes one
//    (`browser.newContext()`), as the throttled and first-gesture tests do.
export * from '@playwright/test';

/** The context's methods whose effects the reset between tests does not undo. */
const CHANGES_CONTEXT = [
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'unroute',
  'unrouteAll',
  'setOffline',
  'setExtraHTTPHeaders',
  'setGeolocation',
  'setHTTPCredentials',
  'grantPermissions',
  'clearPermissions',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
  'setStorageState',
  'newCDPSession',
  'on',
  'once',
  'addListener',
  'prependListener',
  'prependOnceListener',
  'close',
] as const;

interface Shared {
  key: string;
  context: BrowserContext;
  /**
   * A blank tab kept open in the context. With no page open, Chromium lets the context's helper
   * renderers go and makes them again for the next page: half of a new context's cost. The reset
   * also speaks to the browser through it.
   */
  keeper: Page;
  cdp: CDPSession;
  /** Origins the context's pages navigated to: their storage is cleared between tests. */
  origins: Set<string>;
  /** A test changed the context in a way the reset does not undo, or closed it. */
  changed: boolean;
}

async function shareable(context: BrowserContext, key: string): Promise<Shared> {
  const keeper = await context.newPage();
  const shared: Shared = { key, context, keeper, cdp: await context.newCDPSession(keeper), origins: new Set(), changed: false };
  context.on('close', () => (shared.changed = true));
  context.on('page', (page) =>
    page.on('framenavigated', (frame) => {
      const { origin } = new URL(frame.url());
      if (origin.startsWith('http')) shared.origins.add(origin);
    }),
  );
  // Marks the context as changed when a test calls any of these, on it or through `page.context()`.
  const methods = context as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of CHANGES_CONTEXT) {
    const original = methods[name]!.bind(context);
    methods[name] = (...args: unknown[]) => {
      shared.changed = true;
      return original(...args);
    };
  }
  const clock = context.clock as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(clock)).filter((name) => name !== 'constructor')) {
    const original = clock[name];
    if (typeof original !== 'function') continue;
    clock[name] = (...args: unknown[]) => {
      shared.changed = true;
      return original.apply(clock, args);
    };
  }
  return shared;
}

/** Closes the test's pages and clears what they left: cookies, the HTTP cache, each origin's storage. */
async function reset(shared: Shared): Promise<void> {
  const { context, keeper, cdp } = shared;
  await Promise.all(context.pages().filter((page) => page !== keeper).map((page) => page.close()));
  await cdp.send('Network.clearBrowserCache');
  for (const origin of shared.origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  shared.origins.clear();
  await context.clearCookies();
}

export const test = base.extend<
  { cspViolationsExpected: boolean; _combinedContextOptions: BrowserContextOptions },
  { sharedContext: { current?: Shared } }
>({
  cspViolationsExpected: [false, { option: true }],
  sharedContext: [
    // The worker's browser: the shared context is one of its contexts, closed before it.
    async ({ browser }, use) => {
      const slot: { current?: Shared } = {};
      await use(slot);
      if (browser.isConnected()) await slot.current?.context.close().catch(() => undefined);
    },
    { scope: 'worker' },
  ],
  // Playwright's own options for the test's context (viewport, locale, reduced motion, the
  // project's device...), as its default `context` fixture uses them.
  context: async ({ browser, sharedContext, _combinedContextOptions }, use, testInfo) => {
    const key = JSON.stringify(_combinedContextOptions);
    if (sharedContext.current && (sharedContext.current.key !== key || sharedContext.current.changed)) {
      await sharedContext.current.context.close().catch(() => undefined);
      sharedContext.current = undefined;
    }
    if (!sharedContext.current) {
      sharedContext.current = await shareable(await browser.newContext(_combinedContextOptions), key);
    }
    const shared = sharedContext.current;
    await use(shared.context);
    if (shared.changed || testInfo.status !== testInfo.expectedStatus) {
      await shared.context.close().catch(() => undefined);
      sharedContext.current = undefined;
      return;
    }
    await reset(shared);
  },
  page: async ({ page, cspViolationsExpected }, use) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) violations.push(`${page.url()}: ${message.text()}`);
    });
    await use(page);
    if (!cspViolationsExpected) expect(violations, 'Content Security Policy violations reported by the page').toEqual([]);
  },
});
