/**
 * Issue 41, point 1: one fetch per intent. React Router fetches a page's data (`<path>.data`) with
 * the global `fetch`, and its `<link rel="prefetch">` is a second, separate download: a click on a
 * link whose data was still on its way asked for it again (react-router #13255, unfixed in 8.4),
 * and a fetched-ahead answer only helped if the browser's HTTP cache kept it. This cache sits under
 * the global `fetch` for the page's own data answers:
 *
 * - the site's fetching ahead (`fetchData`) and React Router's moves share one request per page
 *   address, in flight or done: a move to a page being fetched ahead waits for that answer;
 * - an answer is kept for the lifetime its `Cache-Control: max-age` gives (the page TTL), never
 *   when it says `no-store`, `private` or `no-cache` (a share link, a preview), never if it failed;
 * - past that lifetime, and within its `stale-if-error`, it stands in when asking again fails (no
 *   network, or the site answering 5xx): Back or a move made offline shows the page as it was
 *   fetched, not the site's "cannot be shown now" page, as HTTP's `stale-if-error` means;
 * - React Router asks for some routes only (`_routes=a,b`: the ones that change); an answer for
 *   the whole page (no `_routes`, what fetching ahead asks for) holds every route, so it serves any
 *   such request. Keys are the address without `_routes`; the language is in the path.
 */

export interface DataCacheOptions {
  /** The network (the page's own `fetch`, before this cache wraps it). */
  network: typeof fetch;
  origin: string;
  now?: () => number;
  /** At most this many answers are kept (the oldest go first). */
  limit?: number;
}

interface Entry {
  /** The routes the answer holds (`null`: all of the page's). */
  routes: ReadonlySet<string> | null;
  answer: Promise<Response>;
  /** Until when it may be used (infinite while in flight). */
  until: number;
  /** Until when it may stand in for an answer that failed (`stale-if-error`). */
  fallbackUntil: number;
}

const DATA_PATH = /\.data$/;

/** The seconds past its lifetime a data answer may stand in when asking again fails (`stale-if-error`). */
export function fallbackFor(headers: Headers): number {
  const control = (headers.get('cache-control') ?? '').toLowerCase();
  const seconds = /(^|,)\s*stale-if-error=(\d+)/.exec(control);
  return seconds ? Number(seconds[2]) : 0;
}

/**
 * How long an answer may be used (`fresh`) and then stand in for a failed one (`fallback`), in
 * seconds from now; null when it may not be kept at all (`no-store`, `private`, `no-cache`, no
 * `max-age`). An answer a shared cache kept past its lifetime (`Age` over `max-age`) may still
 * stand in for the rest of its `stale-if-error`.
 */
export function keepableFor(headers: Headers): { fresh: number; fallback: number } | null {
  const control = (headers.get('cache-control') ?? '').toLowerCase();
  if (/(^|,)\s*(no-store|no-cache|private)\b/.test(control)) return null;
  const maxAge = /(^|,)\s*max-age=(\d+)/.exec(control);
  if (!maxAge) return null;
  const age = Number(headers.get('age') ?? 0);
  const left = Number(maxAge[2]) - (Number.isFinite(age) ? age : 0);
  const fallback = left + fallbackFor(headers);
  return fallback > 0 ? { fresh: Math.max(0, left), fallback } : null;
}

/** The address of a page's data, as React Router asks for it (`/a/b` → `/a/b.data`, `/` → `/_.data`). */
export function dataUrl(page: string, origin: string): URL {
  const url = new URL(page, origin);
  url.hash = '';
  url.pathname = url.pathname.endsWith('/') ? `${url.pathname}_.data` : `${url.pathname}.data`;
  return url;
}

export class DataCache {
  private readonly entries = new Map<string, Entry>();
  private readonly network: typeof fetch;
  private readonly origin: string;
  private readonly now: () => number;
  private readonly limit: number;
  /** Requests that went to the network (the unit tests count them; the bench counts through the DevTools protocol). */
  fetched = 0;

  constructor({ network, origin, now = () => Date.now(), limit = 60 }: DataCacheOptions) {
    this.network = network;
    this.origin = origin;
    this.now = now;
    this.limit = limit;
  }

  /** A `fetch` that answers the page's data requests from the cache, and passes everything else on. */
  readonly fetch: typeof fetch = (input, init) => {
    const request = this.dataRequest(input, init);
    if (!request) return this.network(input, init);
    return this.answer(request.url, request.routes, init?.signal ?? undefined, init?.priority);
  };

  /**
   * Fetches a page's data ahead (all its routes), unless it is kept or on its way already.
   * `priority`: `high` for a link the visitor points at, `low` for one in view or a neighbour.
   */
  fetchAhead(page: string, priority: RequestPriority = 'low'): Promise<void> {
    const url = dataUrl(page, this.origin);
    return this.answer(url, null, undefined, priority).then(
      () => undefined,
      () => undefined,
    );
  }

  /** Whether an answer for this page's data is kept or on its way (for tests). */
  has(page: string): boolean {
    return this.usable(keyOf(dataUrl(page, this.origin)), null) !== undefined;
  }

  private dataRequest(input: RequestInfo | URL, init: RequestInit | undefined): { url: URL; routes: ReadonlySet<string> | null } | null {
    if (typeof Request !== 'undefined' && input instanceof Request) return null; // React Router passes a URL
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' || init?.body != null) return null;
    let url: URL;
    try {
      url = new URL(String(input), this.origin);
    } catch {
      return null;
    }
    if (url.origin !== this.origin || !DATA_PATH.test(url.pathname)) return null;
    const routes = url.searchParams.get('_routes');
    return { url, routes: routes === null ? null : new Set(routes.split(',').filter(Boolean)) };
  }

  private usable(key: string, routes: ReadonlySet<string> | null): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    if (entry.until <= now) {
      // Past its lifetime: kept (not used) while it may still stand in for a failed answer.
      if (entry.fallbackUntil <= now) this.entries.delete(key);
      return undefined;
    }
    return covers(entry, routes) ? entry : undefined;
  }

  /** An answer past its lifetime that may stand in for a failed one now. */
  private fallback(key: string, routes: ReadonlySet<string> | null): Entry | undefined {
    const entry = this.entries.get(key);
    return entry && entry.until <= this.now() && this.now() < entry.fallbackUntil && covers(entry, routes) ? entry : undefined;
  }

  private answer(url: URL, routes: ReadonlySet<string> | null, signal: AbortSignal | undefined, priority: RequestPriority | undefined): Promise<Response> {
    const key = keyOf(url);
    let entry = this.usable(key, routes);
    if (!entry) {
      this.fetched += 1;
      // What is kept for this page past its lifetime: it stands in for a failed answer when it
      // holds the routes asked for, and stays for the next failure in any case.
      const kept = this.entries.get(key);
      const previous = this.fallback(key, routes);
      let stoodIn = false;
      const standIn = () => {
        stoodIn = true;
        return previous!.answer;
      };
      // Not the caller's signal: an answer several callers share is not cancelled by one of them.
      // Failed (no network, a 5xx, the site asking to slow down), it is the previous answer, when
      // one may stand in.
      const answer = this.network(url, priority ? { priority } : undefined).then(
        (response) => (failed(response) && previous ? standIn() : response),
        (error: unknown) => {
          if (previous) return standIn();
          throw error;
        },
      );
      const created: Entry = { routes, answer, until: Number.POSITIVE_INFINITY, fallbackUntil: Number.POSITIVE_INFINITY };
      entry = created;
      // Last in the map's order, whatever was kept under the key: the oldest go first.
      this.entries.delete(key);
      this.entries.set(key, created);
      this.trim();
      /** Nothing new to keep: after a failure, what was kept stays; after the site's answer (gone, private now), nothing does. */
      const forget = (failure: boolean) => {
        if (this.entries.get(key) !== created) return;
        this.entries.delete(key);
        if ((failure || stoodIn) && kept && kept !== created && this.now() < kept.fallbackUntil) this.entries.set(key, kept);
      };
      answer.then(
        (response) => {
          const keepable = response.status === 200 && !stoodIn ? keepableFor(response.headers) : null;
          if (keepable) {
            created.until = this.now() + keepable.fresh * 1000;
            created.fallbackUntil = this.now() + keepable.fallback * 1000;
          } else forget(failed(response));
        },
        () => forget(true),
      );
    }
    return withSignal(entry.answer.then((response) => response.clone()), signal);
  }

  private trim(): void {
    while (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) return;
      this.entries.delete(oldest);
    }
  }
}

/** An answer that says the site could not answer now (an error of its own, or too many requests): not one to keep, nor to replace what is kept. */
const failed = (response: Response) => response.status >= 500 || response.status === 429;

/** Whether an answer holds every route asked for (`null`: the whole page). */
function covers(entry: Entry, routes: ReadonlySet<string> | null): boolean {
  if (entry.routes === null) return true;
  if (routes === null) return false;
  for (const route of routes) if (!entry.routes.has(route)) return false;
  return true;
}

function keyOf(url: URL): string {
  const copy = new URL(url);
  copy.searchParams.delete('_routes');
  return copy.pathname + copy.search;
}

function withSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

let installed: DataCache | undefined;

/** Puts the cache under the page's global `fetch` (once, in the browser's entry). */
export function installDataCache(target: Window = window): DataCache {
  if (installed) return installed;
  const cache = new DataCache({ network: target.fetch.bind(target), origin: target.location.origin });
  target.fetch = cache.fetch;
  installed = cache;
  return cache;
}

/** The installed cache, if the page's scripts run (never on the server). */
export function dataCache(): DataCache | undefined {
  return installed;
}
