import { afterEach, describe, expect, it, vi } from 'vitest';
// React's browser entry: it handles `preinit` outside a render (the page's entry loads it).
import 'react-dom/client';
import { CODE_AFTER_LOAD_MS, fetchAhead, fetchEveryPageCodeWhenIdle, fetchRoutesAhead, keepArrivalDataWhenIdle, mayFetchAhead } from './fetch-ahead';

// A route module that exists (any of the app's modules will do) and one that cannot be fetched.
const REAL_MODULE = '/app/lib/navigation/pager.ts';
const MISSING_MODULE = '/assets/gone-1.js';

// The page's data cache, as the browser's entry installs it: what is asked of it is recorded.
const kept = vi.hoisted(() => [] as Array<[string, string | undefined]>);
vi.mock('./data-cache', () => ({
  dataCache: () => ({
    fetchAhead: (page: string, priority?: string) => {
      kept.push([page, priority]);
      return Promise.resolve();
    },
  }),
}));

// React Router's route matching, counted: it flattens and ranks the whole route tree each time.
const matching = vi.hoisted(() => ({ calls: 0 }));
vi.mock('react-router', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-router')>();
  return {
    ...actual,
    matchRoutes: (...args: Parameters<typeof actual.matchRoutes>) => {
      matching.calls += 1;
      return actual.matchRoutes(...args);
    },
  };
});

const browser = (connection?: { saveData?: boolean }) => ({ connection }) as unknown as Navigator;

describe('fetching ahead', () => {
  it('is allowed unless the visitor asked to save data', () => {
    expect(mayFetchAhead(browser())).toBe(true);
    expect(mayFetchAhead(browser({ saveData: false }))).toBe(true);
    expect(mayFetchAhead(browser({ saveData: true }))).toBe(false);
  });
});

describe("a page's routes, fetched ahead", () => {
  afterEach(() => {
    document.head.innerHTML = '';
    delete (window as unknown as Record<string, unknown>).__reactRouterDataRouter;
    delete (window as unknown as Record<string, unknown>).__reactRouterManifest;
  });

  it('asks for the code and the stylesheets it lacks, not those the page carries already', () => {
    Object.assign(window, {
      __reactRouterDataRouter: { routes: [{ id: 'root', path: '/', children: [{ id: 'project', path: 'project/:id' }] }] },
      __reactRouterManifest: {
        routes: {
          root: { module: '/assets/root.js', css: ['/assets/app.css'] },
          project: { module: '/assets/project.js', imports: ['/assets/pager.js'], css: ['/assets/project.css', '/assets/media-viewer-url.css#'] },
        },
      },
    });
    // What the server inlined, as the page marks it for React Router (inline-stylesheets.ts).
    document.head.innerHTML = '<link rel="stylesheet" disabled href="/assets/app.css"><link rel="stylesheet" disabled href="/assets/media-viewer-url.css#">';
    fetchRoutesAhead('/project/abc');
    const hints = (rel: string) => [...document.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)].map((link) => link.getAttribute('href'));
    expect(hints('modulepreload')).toEqual(['/assets/root.js', '/assets/project.js', '/assets/pager.js']);
    expect(hints('preload')).toEqual(['/assets/project.css']);
    expect(document.head.querySelector('link[rel="preload"]')?.getAttribute('as'), 'fetched as a stylesheet, at its priority').toBe('style');
  });

  it('links the stylesheets once all have come, in the order the page links them, so the move waits for none', async () => {
    Object.assign(window, {
      __reactRouterDataRouter: { routes: [{ id: 'root', path: '/', children: [{ id: 'article', path: 'article/:id' }] }] },
      __reactRouterManifest: {
        routes: {
          root: { module: '/assets/root.js', css: ['/assets/app.css'] },
          article: { module: '/assets/article.js', css: ['/assets/article.css', '/assets/blocks.css'] },
        },
      },
    });
    document.head.innerHTML = '<link rel="stylesheet" disabled href="/assets/app.css">';
    fetchRoutesAhead('/article/abc');
    // React's resources, which React Router's guard (a stylesheet link with the href) and the
    // page's own stylesheet links both find.
    const linked = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-precedence="site"]')].map((link) => link.getAttribute('href'));
    const sheets = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
    expect(sheets.map((link) => link.getAttribute('href'))).toEqual(['/assets/blocks.css', '/assets/article.css']);
    sheets[1]!.dispatchEvent(new Event('load'));
    await new Promise((settle) => setTimeout(settle, 0));
    expect(linked(), 'not before all have come').toEqual([]);
    sheets[0]!.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(linked()).toEqual(['/assets/blocks.css', '/assets/article.css']));
  });

  it('links none when one cannot be fetched: React Router then waits for them at the move', async () => {
    Object.assign(window, {
      __reactRouterDataRouter: { routes: [{ id: 'profile', path: '/profile' }] },
      __reactRouterManifest: { routes: { profile: { module: '/assets/profile.js', css: ['/assets/profile.css', '/assets/awards.css'] } } },
    });
    fetchRoutesAhead('/profile');
    const [first, second] = document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]');
    first!.dispatchEvent(new Event('error'));
    second!.dispatchEvent(new Event('load'));
    await new Promise((settle) => setTimeout(settle, 10));
    expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull();
  });

  it("has React Router resolve a route only once its stylesheets are linked, one another page fetched ahead included (its guard would link and take them off again)", async () => {
    const resolved: string[] = [];
    const lazy = (id: string) => ({ Component: () => Promise.resolve(resolved.push(id)) });
    Object.assign(window, {
      __reactRouterDataRouter: { routes: [{ id: 'work', path: '/work', lazy: lazy('work') }, { id: 'notes', path: '/notes', lazy: lazy('notes') }] },
      __reactRouterManifest: {
        routes: { work: { module: '/app/lib/navigation/grid-entrance.ts', css: ['/assets/work.css', '/assets/shared.css'] }, notes: { module: '/app/lib/navigation/kept-page.ts', css: ['/assets/shared.css'] } },
      },
    });
    const linked = (href: string) => document.head.querySelector(`link[rel="stylesheet"][href="${href}"]`) !== null;
    fetchRoutesAhead('/work');
    fetchRoutesAhead('/notes');
    await new Promise((settle) => setTimeout(settle, 50));
    expect(resolved, 'before any stylesheet came').toEqual([]);
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual(['/assets/shared.css', '/assets/work.css']);
    for (const link of preloads) link.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect([...resolved].sort()).toEqual(['notes', 'work']));
    expect(linked('/assets/shared.css') && linked('/assets/work.css')).toBe(true);
  });

  it('matches a path against the route tree once, however often its page is fetched ahead (in view, then at the press)', () => {
    const routes = [{ id: 'root', path: '/', children: [{ id: 'project', path: 'project/:id' }] }];
    Object.assign(window, {
      __reactRouterDataRouter: { routes },
      __reactRouterManifest: { routes: { root: { module: '/assets/root-once.js' }, project: { module: '/assets/project-once.js' } } },
    });
    const before = matching.calls;
    fetchRoutesAhead('/project/one');
    fetchRoutesAhead('/project/one?documentId=one');
    fetchRoutesAhead('/project/one');
    expect(matching.calls - before).toBe(1);
    fetchRoutesAhead('/project/two');
    expect(matching.calls - before).toBe(2);
    // A route tree of its own (a router made again) is matched anew.
    Object.assign(window, { __reactRouterDataRouter: { routes: structuredClone(routes) } });
    fetchRoutesAhead('/project/one');
    expect(matching.calls - before).toBe(3);
    const hints = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
    expect(hints).toEqual(['/assets/root-once.js', '/assets/project-once.js']);
  });

  it("has React Router resolve each route once, when its code has come, and not when the code cannot be fetched (React Router would reload the page)", async () => {
    const resolved: string[] = [];
    const lazy = (id: string) => ({ Component: () => Promise.resolve(resolved.push(id)) });
    Object.assign(window, {
      __reactRouterDataRouter: { routes: [{ id: 'list', path: '/list', lazy: lazy('list') }, { id: 'gone', path: '/gone', lazy: lazy('gone') }] },
      __reactRouterManifest: { routes: { list: { module: REAL_MODULE }, gone: { module: MISSING_MODULE } } },
    });
    fetchRoutesAhead('/gone');
    fetchRoutesAhead('/list');
    fetchRoutesAhead('/list');
    await vi.waitFor(() => expect(resolved).toEqual(['list']));
    await new Promise((settle) => setTimeout(settle, 50));
    expect(resolved).toEqual(['list']);
  });
});

describe('a page in view, fetched ahead', () => {
  afterEach(() => {
    // What is still waiting its turn runs: the turns are the module's, across tests.
    vi.runAllTimers();
    vi.useRealTimers();
    kept.length = 0;
    document.head.innerHTML = '';
    delete (window as unknown as Record<string, unknown>).__reactRouterDataRouter;
    delete (window as unknown as Record<string, unknown>).__reactRouterManifest;
  });
  // Its own module names for each test: a hint is made once per page's life.
  const routes = (name: string) =>
    Object.assign(window, {
      __reactRouterDataRouter: { routes: [{ id: 'root', path: '/', children: [{ id: 'article', path: 'article/:id' }] }] },
      __reactRouterManifest: {
        routes: {
          root: { module: `/assets/root-${name}.js` },
          article: { module: `/assets/article-${name}.js`, imports: [`/assets/blocks-${name}.js`, `/assets/pager-${name}.js`], css: [`/assets/article-${name}.css`] },
        },
      },
    });
  const requests = () => kept.length + document.head.querySelectorAll('link').length;

  it('asks for the data at once and for the code one request a task, so a tap or a frame can come between them', () => {
    vi.useFakeTimers();
    routes('in-view');
    const matched = matching.calls;
    fetchAhead('/article/a');
    fetchAhead('/article/b');
    // The data a tap would wait on, inside the callback that found them in view; no code yet, and
    // not even their routes looked up: that waits its turn too.
    expect(kept).toEqual([
      ['/article/a', 'high'],
      ['/article/b', 'high'],
    ]);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
    expect(matching.calls - matched).toBe(0);
    const made: number[] = [];
    while (vi.getTimerCount() > 0) {
      vi.advanceTimersToNextTimer();
      made.push(requests());
    }
    // One request a task at most: each page's routes found (a task each, asking for nothing), then
    // the page's four modules and its stylesheet (the second page's are the first's, asked for
    // once); running the route modules, a task each, asks for nothing.
    expect(made.map((count, n) => count - (made[n - 1] ?? 2)).every((added) => added <= 1)).toBe(true);
    expect(made[0]).toBe(2);
    expect([...new Set(made)]).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('asks for the code at once when the visitor points at or touches the link, each request still once', () => {
    vi.useFakeTimers();
    routes('pointed-at');
    fetchAhead('/article/c');
    fetchAhead('/article/c', { intent: true });
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(4);
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(1);
    vi.runAllTimers();
    expect(document.head.querySelectorAll('link')).toHaveLength(5);
  });
});

describe("every page's code, once idle", () => {
  const manifest = {
    routes: {
      root: { module: '/assets/root-1.js' },
      list: { module: '/assets/list-1.js', imports: ['/assets/links-1.js'], css: ['/assets/list-1.css'] },
      profile: { module: '/assets/profile-1.js', imports: ['/assets/links-1.js'] },
    },
  };
  const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => [link.getAttribute('href'), link.getAttribute('fetchpriority')]);
  afterEach(() => {
    vi.useRealTimers();
    document.head.innerHTML = '';
    delete (window as unknown as Record<string, unknown>).__reactRouterManifest;
    delete (navigator as unknown as Record<string, unknown>).connection;
  });

  it('fetches each route module and its imports once, at low priority, well after the load and when the browser is idle', () => {
    vi.useFakeTimers();
    Object.assign(window, { __reactRouterManifest: manifest });
    fetchEveryPageCodeWhenIdle();
    // Not while a visitor's first move may be under way.
    vi.advanceTimersByTime(CODE_AFTER_LOAD_MS - 1);
    expect(preloads()).toEqual([]);
    vi.runAllTimers();
    expect(preloads()).toEqual([
      ['/assets/root-1.js', 'low'],
      ['/assets/list-1.js', 'low'],
      ['/assets/links-1.js', 'low'],
      ['/assets/profile-1.js', 'low'],
    ]);
    // No stylesheet: a route's styles are fetched with its move, and only its data can then fail.
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });

  it('fetches nothing when the visitor asked to save data', () => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    Object.assign(window, { __reactRouterManifest: manifest });
    fetchEveryPageCodeWhenIdle();
    vi.runAllTimers();
    expect(preloads()).toEqual([]);
  });
});

describe('the data of the page arrived on, once settled', () => {
  afterEach(() => {
    vi.useRealTimers();
    kept.length = 0;
    delete (navigator as unknown as Record<string, unknown>).connection;
  });

  it('goes into the data cache at low priority, well after the load (Back to it offline then shows it)', () => {
    vi.useFakeTimers();
    keepArrivalDataWhenIdle('/en/dailyPage/project?category=x');
    vi.advanceTimersByTime(CODE_AFTER_LOAD_MS - 1);
    expect(kept).toEqual([]);
    vi.runAllTimers();
    expect(kept).toEqual([['/en/dailyPage/project?category=x', 'low']]);
  });

  it("is not asked for on a share link's page, nor on a page the document said was missing", () => {
    vi.useFakeTimers();
    keepArrivalDataWhenIdle('/s/abcdefghijklmnop/dailyPage/project/x?documentId=x');
    keepArrivalDataWhenIdle('/en/s/abcdefghijklmnop');
    const entries = vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ responseStatus: 404 }] as unknown as PerformanceEntryList);
    keepArrivalDataWhenIdle('/dailyPage/project/gone?documentId=gone');
    entries.mockReturnValue([{ responseStatus: 200 }] as unknown as PerformanceEntryList);
    keepArrivalDataWhenIdle('/dailyPage/profile');
    entries.mockRestore();
    vi.runAllTimers();
    expect(kept).toEqual([['/dailyPage/profile', 'low']]);
  });

  it('is not fetched when the visitor asked to save data', () => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    keepArrivalDataWhenIdle('/dailyPage/project');
    vi.runAllTimers();
    expect(kept).toEqual([]);
  });
});
