import { matchRoutes, type RouteObject } from 'react-router';
import { preinit } from 'react-dom';
import { stylesheetOnPage } from '~/lib/document/inline-stylesheets';
import { dataCache } from './data-cache';

/**
 * Whether the page may fetch ahead what the visitor has not asked for yet (a tile in view, the
 * next project once idle). Not when the visitor asked the browser to save data (Chrome's Data
 * Saver, `Save-Data`): then a move waits on the network, as it does for a link never seen.
 */
export function mayFetchAhead(nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator): boolean {
  const connection = (nav as (Navigator & { connection?: { saveData?: boolean } }) | undefined)?.connection;
  return connection?.saveData !== true;
}

/** What React Router's browser entry leaves on the window: its router and its build's manifest. */
interface RouterGlobals {
  __reactRouterDataRouter?: { routes: RouteObject[] };
  __reactRouterManifest?: { routes: Record<string, { module: string; imports?: string[]; css?: string[] } | undefined> };
}

const asked = new Set<string>();

/** How many paths' matches are kept per route tree (a studio's pages; past it they start again). */
const MATCHED_PATHS = 500;
const matched = new WeakMap<RouteObject[], Map<string, ReturnType<typeof matchRoutes>>>();

/**
 * The routes that render `pathname`, matched once per path. React Router's `matchRoutes` flattens
 * and ranks the whole route tree at every call: 4-5 ms of a phone's press at the 4x CPU, where a
 * tile in view had already been matched when its page was fetched ahead (decision 022, forty-first
 * pass). The route objects are the router's own: resolving a lazy route fills in the same object.
 * A path no route matched is kept as such: React Router gives a new array whenever it adds routes,
 * so a tree that has grown is matched anew. (The router's own `match`, which ranks the tree once
 * per change, is marked private in 8.4; `matchRoutes` is its public form.)
 */
function routesFor(routes: RouteObject[], pathname: string): NonNullable<ReturnType<typeof matchRoutes>> {
  let paths = matched.get(routes);
  if (!paths) matched.set(routes, (paths = new Map()));
  if (!paths.has(pathname)) {
    if (paths.size >= MATCHED_PATHS) paths.clear();
    paths.set(pathname, matchRoutes(routes, pathname));
  }
  return paths.get(pathname) ?? [];
}

function hint(rel: 'modulepreload' | 'preload', href: string, as?: string, priority?: 'low'): HTMLLinkElement | null {
  const key = `${rel} ${href}`;
  if (asked.has(key)) return null;
  asked.add(key);
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  if (as) link.setAttribute('as', as);
  if (priority) link.setAttribute('fetchpriority', priority);
  document.head.append(link);
  return link;
}

/**
 * Runs each piece of work in a task of its own, in the order given: fetching ahead the code of what
 * is merely in view (not pointed at) is a handful of link elements, and each costs the main thread
 * its request's setting up. Done with the data in the effect that found the cards in view, they
 * were one task of about 150 ms on a phone's 4x CPU, a second after the first paint (a trace of the
 * article list, decision 022's thirty-first pass); one by one, a tap or a frame can come between.
 */
const queue: Array<() => void> = [];
function inTurn(work: () => void): void {
  queue.push(work);
  if (queue.length > 1) return;
  const next = () => {
    try {
      queue[0]?.();
    } finally {
      queue.shift();
      if (queue.length > 0) setTimeout(next, 0);
    }
  };
  setTimeout(next, 0);
}

/** Now: what a click is a moment away from. */
const now = (work: () => void) => work();

/** Whether what a link asks for came (`load`) or not (`error`). */
const arrival = (link: HTMLLinkElement) =>
  new Promise<boolean>((resolve) => {
    link.addEventListener('load', () => resolve(true), { once: true });
    link.addEventListener('error', () => resolve(false), { once: true });
  });

/** How long after the page's `load` every page's code is fetched (at the next idle moment). */
export const CODE_AFTER_LOAD_MS = 10_000;

/**
 * Runs `work` a while after the page has loaded, when the browser is idle. Not at the first idle
 * moment: on a slow phone that came during the visitor's first move and took from it (the bench's
 * moves 5–20 % slower with it than without, 2026-11-29). Ten seconds after the page loaded, then
 * when the browser is idle.
 */
function whenSettled(work: () => void): void {
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(work, { timeout: 5_000 }) : setTimeout(work, 1_000));
  const later = () => setTimeout(whenIdle, CODE_AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}

/**
 * Every page's code (its route modules and what they import: fetched, not run), a while after the
 * page has loaded and when the browser is idle, at low priority; not with Save-Data. A move then
 * never waits for a route's code, however it is made (the menu on a phone gives no intent before its tap). And a
 * move made after the network went away no longer loses the page: React Router answers code it
 * cannot fetch by reloading (its cure for a redeployed site), which offline is the browser's
 * offline page. With the code here, the move shows the site's own "cannot be shown" page in the
 * shell, and Back the page the visitor left. A few KB once per visit (the routes' chunks are small:
 * the shared code is in the page's own).
 */
export function fetchEveryPageCodeWhenIdle(): void {
  if (!mayFetchAhead()) return;
  whenSettled(() => {
    const manifest = (window as unknown as RouterGlobals).__reactRouterManifest;
    for (const route of Object.values(manifest?.routes ?? {})) {
      if (!route) continue;
      for (const href of [route.module, ...(route.imports ?? [])]) inTurn(() => hint('modulepreload', href, undefined, 'low'));
    }
  });
}

/**
 * The data of the page the visitor arrived on (`page`, its address then), into the page's data
 * cache at the same settled moment, at low priority; not with Save-Data. It came inside the
 * document, so the cache had nothing for it: Back to it after the network went away asked the
 * network, and showed the "cannot be shown now" page instead of the page left. Kept, its answer
 * serves Back for its lifetime and then stands in whenever asking again fails (`data-cache.ts`,
 * its `stale-if-error`). A private page's answer (a preview) is never kept, and a share link's page
 * or a missing one is not asked for.
 */
export function keepArrivalDataWhenIdle(page: string): void {
  if (!mayFetchAhead() || !keepable(page)) return;
  whenSettled(() => void dataCache()?.fetchAhead(page, 'low'));
}

/** A share link's page (`/s/…`, under a language's prefix too): one visitor's, never kept. */
const SHARED_PAGE = /^(\/[^/]+)?\/s\//;

/**
 * Whether the page arrived on could have its data kept: not a share link's page (private, and each
 * request of it counts against the link's guard), not a page the document said was missing or
 * failing (its status, where the browser reports it).
 */
function keepable(page: string): boolean {
  if (SHARED_PAGE.test(new URL(page, location.origin).pathname)) return false;
  const [navigation] = (typeof performance.getEntriesByType === 'function' ? performance.getEntriesByType('navigation') : []) as Array<{ responseStatus?: number }>;
  const status = navigation?.responseStatus;
  return status === undefined || status === 0 || status === 200;
}

/**
 * The code and styles of the routes that render `page`, fetched ahead (`modulepreload`, as React
 * Router's own `<PrefetchPageLinks>` does, and `preload` for the styles), and the route modules run,
 * with React Router resolving the route with them (its lazy route, which it otherwise resolves
 * inside the first move to it): a click then waits for neither. Resolved only at an intent, a route
 * in view was resolved inside the tap that followed: its `import()` came a browser task later, and
 * React drew the router's pending state alone in between, before the page (decision 022,
 * forty-fifth pass). Each route once, whatever links to it (every project is the same route's).
 * Only once the module has come: React Router answers a module it cannot fetch by reloading the
 * page. Stylesheets the page has already (inlined by the server and marked, or linked by an earlier
 * move) are not asked for again: the shell's, inline in every page, were, a few KB beside the move's
 * data. Those that have come are linked (`linkAhead`). `run` does each piece of work: at once (an
 * intent), or in turn (`inTurn`: in view).
 */
export function fetchRoutesAhead(page: string, run: (work: () => void) => void = now): void {
  const globals = window as unknown as RouterGlobals;
  const routes = globals.__reactRouterDataRouter?.routes;
  const manifest = globals.__reactRouterManifest;
  if (!routes || !manifest) return;
  const { pathname } = new URL(page, location.origin);
  const css: string[] = [];
  const modules: Array<{ href: string; lazy?: { Component?: () => Promise<unknown> } }> = [];
  for (const match of routesFor(routes, pathname)) {
    const route = match.route.id ? manifest.routes[match.route.id] : undefined;
    if (!route) continue;
    for (const href of [route.module, ...(route.imports ?? [])]) run(() => hint('modulepreload', href));
    // In the order the page links them (`SiteLinks`): what a module imports before the module.
    css.push(...[...(route.css ?? [])].reverse());
    const { lazy } = match.route as { lazy?: unknown };
    modules.push({ href: route.module, lazy: typeof lazy === 'object' && lazy ? lazy : undefined });
  }
  if (modules.length === 0) return;
  run(() => {
    // The routes resolved once their styles are linked: React Router's guard, finding one missing,
    // links it, waits for it and takes it off again, and a style fetched ahead that came meanwhile
    // was then taken as on the page, and never linked.
    const styled = css.length > 0 ? styleAhead(css) : Promise.resolve();
    for (const { href, lazy } of modules) {
      // Once, whichever asks first: an intent does now what a link in view left waiting its turn.
      if (asked.has(`import ${href}`)) continue;
      asked.add(`import ${href}`);
      void styled
        .then(() => import(/* @vite-ignore */ href))
        .then(() => lazy?.Component?.())
        .catch(() => undefined);
    }
  });
}

/** Each stylesheet fetched ahead: settled once it has come and been linked with its page's (or has failed). */
const styling = new Map<string, Promise<void>>();

/**
 * A page's stylesheets it lacks, fetched ahead, then linked once all have come (`linkAhead`);
 * settles when they are (those another page fetched ahead included), or when one failed.
 */
function styleAhead(hrefs: string[]): Promise<void> {
  const sheets: Array<{ href: string; came: Promise<boolean> }> = [];
  const waits: Array<Promise<void>> = [];
  for (const href of hrefs) {
    if (stylesheetOnPage(document, href)) continue;
    const coming = styling.get(href);
    if (coming) {
      waits.push(coming);
      continue;
    }
    // At a stylesheet's priority (Chromium's highest), with the code (`modulepreload`) and the
    // data beside it: the move needs all three. A `prefetch` (the lowest) queued behind every
    // picture of the grid on a slow line, and a tap in that time waited for the styles inside
    // the move (decision 022, thirtieth pass). React takes a preload it finds for a stylesheet
    // as come; while one is on its way, React Router's guard is what waits for it at a move.
    const link = hint('preload', href, 'style');
    if (link) sheets.push({ href, came: arrival(link) });
  }
  if (sheets.length > 0) {
    const linked = Promise.all(sheets.map((sheet) => sheet.came)).then((came) => {
      if (came.every(Boolean)) linkAhead(sheets.map((sheet) => sheet.href));
    });
    for (const sheet of sheets) styling.set(sheet.href, linked);
    waits.push(linked);
  }
  return Promise.all(waits).then(() => undefined);
}

/**
 * Links a page's stylesheets once they have come (from the browser's cache, as React's own
 * resources, in the page's order), before the move to it. Before it runs a route's code the first
 * time, React Router links each of the route's stylesheets that the document lacks, waits for their
 * `load` and takes them off again: inside the move, two restylings of the whole page left (the
 * grid's thirty tiles) and the wait itself (issue 41). Its guard and React's stylesheet resources
 * both find these, so neither waits at the move. They are the page's own (CSS modules): nothing on
 * the page left changes, as after any move to it. Not when one has not come: React Router's guard
 * then waits for it at the move, from the move's start.
 */
function linkAhead(hrefs: string[]): void {
  for (const href of hrefs) if (!stylesheetOnPage(document, href)) preinit(href, { as: 'style', precedence: 'site' });
}

/**
 * A page's code and styles alone, fetched ahead in turn (not with Save-Data): what a window's lists
 * (the grid, the article list) ask for when first seen, where a pointer gives an intent before a
 * click. Every project (every article) is the same route's: fetched and run once, the hover on any
 * item then asks only for its data. Without it the first hover asked for the data and seven pieces of
 * code at once, behind the pictures on the six connections of a slow line, and a click 150 ms
 * after pointing waited for the code (decision 022, forty-second pass).
 */
export function fetchCodeAhead(page: string): void {
  if (typeof window === 'undefined' || !mayFetchAhead()) return;
  inTurn(() => fetchRoutesAhead(page, inTurn));
}

/**
 * Fetches a page ahead: its data into the page's data cache (the one request the click then uses,
 * `data-cache.ts`) and its route code. The data goes at high priority, ahead of pictures (issue 41,
 * point 2: a few KB a move waits on, against pictures off screen). `intent`: the visitor points at,
 * focuses or touches the link, so it is done even with Save-Data, and the code is fetched and run
 * at once; otherwise the link is in view or one step away (not with Save-Data), and each piece of
 * its code's work waits its turn (`inTurn`). The data never waits: a tile tapped
 * 0.4 s after scrolling to it found its data still in the queue behind the tiles scrolled past,
 * and the tap asked for it (the bench's request at the click). An intent on a link whose turn has
 * not come does it now: every request is made once (`hint`'s own), whichever asks first.
 */
export function fetchAhead(page: string, { intent = false } = {}): void {
  if (typeof window === 'undefined' || (!intent && !mayFetchAhead())) return;
  const cache = dataCache();
  if (!cache) return;
  void cache.fetchAhead(page, 'high');
  // In view: even finding the page's routes waits its turn (matching a new address against every
  // route costs a few ms of a phone's CPU), so the tiles a scroll brings in ask for their data at once
  // and a tap can come between the rest (forty-seventh pass).
  if (intent) fetchRoutesAhead(page, now);
  else inTurn(() => fetchRoutesAhead(page, inTurn));
}
