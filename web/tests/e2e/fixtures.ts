import { test as base, expect, type APIRequestContext, type BrowserContext, type BrowserContextOptions, type CDPSession, type Page, type TestInfo } from '@playwright/test';

// The suite's `test` is Playwright's, with two changes.
//
// 1. Every page it drives is watched for Content Security Policy violations. Chromium reports each
//    on the console as an error naming the policy, from every document the page shows, rendered or
//    cached. A test fails on any after its own steps unless it causes them on purpose
//    (`test.use({ cspViolationsExpected: true })`). Every page any test opens is checked this way,
//    in both layouts; pages opened in a context a test makes itself are not.
//
// 2. A test's `context` is shared with the worker's other tests that leave it as they found it
//    (decision 024). Opening a short page in a new context took 4 CPU-seconds on a two-core
//    machine, in a kept context 2, whatever the page; the suite is bound by the CPU. Each test
//    still gets a page of its own (a new tab, its own renderer, history, sessionStorage and
//    in-memory cache); between tests the context's pages
//    are closed and its cookies, HTTP cache and every visited origin's storage (local storage,
//    IndexedDB, cache storage, service workers) are cleared, so a test's first request goes to the
//    network as in a fresh context. A test that changes the context itself (an init script, a
//    route, offline, headers, permissions, a listener, a CDP session, the clock, tracing) or fails
//    gets the context closed after it. Tests with other options (`test.use`) get a context of
//    their own options. A test that needs a context no other test touched makes one
//    (`browser.newContext()`), as the throttled and first-gesture tests do.
//
// 3. Its request contexts (`request`, `page.request`) retry a GET or HEAD once on a reset connection,
//    as a browser does (`retryLikeABrowser`).
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
  'off',
  'removeListener',
  'removeAllListeners',
  'close',
] as const;

/**
 * A request context's GET and HEAD requests, retried once when the connection is reset. It keeps
 * connections alive and lets one go a second before the server's idle timeout; on a loaded worker
 * whose timers ran late it reuses one the server is closing, and the request fails with ECONNRESET
 * (reproduced: a worker busy for 6 s after a request, three resets in three). Chromium retries
 * such a request on a new connection; Playwright's client does when asked to (`maxRetries`, which
 * retries ECONNRESET only). Other methods are left alone: a POST may have been received.
 */
export function retryLikeABrowser(request: APIRequestContext): void {
  // Playwright names a failed call after the first frame outside its library: a wrapper of the
  // public `fetch` would be named instead of the test's line. Its inner step comes after that.
  const inner = request as unknown as { _innerFetch?: (options: FetchOptions) => Promise<unknown> };
  if (typeof inner._innerFetch !== 'function') throw new Error("retryLikeABrowser: Playwright's APIRequestContext has no _innerFetch any more (tests/e2e/fixtures.ts)");
  const original = inner._innerFetch.bind(request);
  inner._innerFetch = (options = {}) => {
    const method = String(options.method || options.request?.method() || 'GET').toUpperCase();
    return original(method === 'GET' || method === 'HEAD' ? { maxRetries: 1, ...options } : options);
  };
}

/** What Playwright's client hands its inner fetch: the options of `fetch`, with its URL or request. */
interface FetchOptions {
  method?: string;
  request?: { method(): string };
  maxRetries?: number;
}

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
  const changed = () => (shared.changed = true);
  context.on('close', changed);
  keeper.on('close', changed);
  keeper.on('crash', changed);
  context.on('page', (page) =>
    page.on('framenavigated', (frame) => {
      if (/^https?:/.test(frame.url())) shared.origins.add(new URL(frame.url()).origin);
    }),
  );
  // Marks the context as changed when a test calls any of these, on it or through `page.context()`
  // (`page.clock` is the context's clock, `page.request` its request context).
  const mark = (target: object, names: readonly string[]) => {
    const methods = target as Record<string, unknown>;
    for (const name of names) {
      const original = methods[name];
      if (typeof original !== 'function') continue;
      methods[name] = (...args: unknown[]) => {
        changed();
        return (original as (...args: unknown[]) => unknown).apply(target, args);
      };
    }
  };
  const ownMethods = (target: object) => Object.getOwnPropertyNames(Object.getPrototypeOf(target)).filter((name) => name !== 'constructor');
  mark(context, CHANGES_CONTEXT);
  mark(context.clock, ownMethods(context.clock));
  mark(context.tracing, ownMethods(context.tracing));
  mark(context.request, ['dispose']);
  retryLikeABrowser(context.request);
  return shared;
}

/** Closes the test's pages and clears each origin's storage (the cache and cookies: `forget`). */
async function reset(shared: Shared): Promise<void> {
  const { context, keeper, cdp } = shared;
  // The keeper is the context's first page: a test that took it and went somewhere left a page
  // the reset does not know.
  if (keeper.url() !== 'about:blank') shared.changed = true;
  await Promise.all(context.pages().filter((page) => page !== keeper).map((page) => page.close()));
  for (const origin of shared.origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  shared.origins.clear();
}

/**
 * The HTTP cache and cookies, when the next test starts rather than at the reset: a closed page's
 * prefetch or beacon may still land after it.
 */
async function forget({ context, cdp }: Shared): Promise<void> {
  await cdp.send('Network.clearBrowserCache');
  await context.clearCookies();
}

const closeReason = (testInfo: TestInfo) => (testInfo.status === 'timedOut' ? `Test timeout of ${testInfo.timeout}ms exceeded.` : 'Test ended.');

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
  // The default timeouts are set on a context when it is made: part of its key.
  context: async ({ browser, sharedContext, _combinedContextOptions, actionTimeout, navigationTimeout }, use, testInfo) => {
    const key = JSON.stringify({ ..._combinedContextOptions, actionTimeout, navigationTimeout });
    if (sharedContext.current && (sharedContext.current.key !== key || sharedContext.current.changed)) {
      await sharedContext.current.context.close().catch(() => undefined);
      sharedContext.current = undefined;
    }
    if (sharedContext.current) await forget(sharedContext.current);
    else sharedContext.current = await shareable(await browser.newContext(_combinedContextOptions), key);
    const shared = sharedContext.current;
    await use(shared.context);
    if (!shared.changed && testInfo.status === testInfo.expectedStatus) {
      // A reset that fails (a keeper that crashed) closes the context rather than fail the test.
      const done = await reset(shared).then(
        () => !shared.changed,
        () => false,
      );
      if (done) return;
    }
    // The keeper first: Playwright describes a failed test's page from the context's first page.
    await shared.keeper.close().catch(() => undefined);
    await shared.context.close({ reason: closeReason(testInfo) }).catch(() => undefined);
    sharedContext.current = undefined;
  },
  request: async ({ request }, use) => {
    retryLikeABrowser(request);
    await use(request);
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
