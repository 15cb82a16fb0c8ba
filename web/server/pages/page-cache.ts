import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { inlineHashes, type InlineHashes } from '~/lib/request/csp.server';

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  storedAt: number;
  /** The body compressed once when stored, so a repeat view costs no compression. */
  encoded: { br: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer> };
  /**
   * Its inline scripts and styles by hash: every copy is sent with a policy allowing exactly
   * these (docs/decisions/006-hardening.md); null for what is not HTML.
   */
  hashes: InlineHashes | null;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const bytes = (buffer: Buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) as Uint8Array<ArrayBuffer>;

/** Brotli at its best (once per page per TTL, off the main thread) and gzip for the rest. */
async function encode(body: Uint8Array<ArrayBuffer>): Promise<CachedPage['encoded']> {
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
    gzip(body, { level: 9 }),
  ]);
  return { br: bytes(br), gzip: bytes(gz) };
}

/**
 * What the cache did for a view: served a stored page, served one older than the TTL while it is
 * drawn again, rendered one, or waited for another visitor's render.
 */
export type PageCacheEvent = 'hit' | 'stale' | 'miss' | 'shared';

/**
 * How long a page is kept past its TTL, to be served while it is drawn again: a day, what the
 * pages' `stale-while-revalidate` already allows a shared cache (`pageCacheControl`).
 */
export const PAGE_STALE_S = 86_400;

export interface PageCacheOptions {
  /** A stored page is fresh for this long; 0 keeps nothing. */
  ttlMs: number;
  /**
   * And kept this much longer (default none), for `stale`: served to a visitor while a render in
   * the background replaces it. A purge (a publish) drops it all the same.
   */
  staleMs?: number;
  /** Told of every hit, render and shared render (the server's metrics). */
  onEvent?: (event: PageCacheEvent) => void;
  /** Memory for rendered pages, bytes (least recently used go first). */
  maxBytes?: number;
  now?: () => number;
}

/** A weak validator for a rendered body: equal bodies, equal ETags, across restarts and instances. */
export const etagOf = (body: Uint8Array<ArrayBuffer>) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** If-None-Match matches when any listed tag equals ours (weak comparison, RFC 9110 13.1.2). */
export function notModified(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch === '*' || ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}

/**
 * Rendered pages per URL and layout, for the TTL: a repeat view is a memory read, not a render.
 * Concurrent renders of one page are shared: the first renders, the others wait for it.
 */
export function createPageCache({ ttlMs, staleMs = 0, maxBytes = 64 * 1024 * 1024, now = Date.now, onEvent }: PageCacheOptions) {
  const pages = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) => Math.max(1, page.body.byteLength + page.encoded.br.byteLength + page.encoded.gzip.byteLength),
    // The cache's own clock ends a page's whole life; whether it is still fresh is `now`'s.
    ttl: ttlMs + staleMs,
    ttlAutopurge: false,
  });
  const fresh = (page: CachedPage) => now() - page.storedAt < ttlMs;
  const rendering = new Map<string, Promise<CachedPage | undefined>>();
  // Bumped by every purge: a render that began before a purge (a publish) is never kept after it.
  let generation = 0;

  return {
    /** The stored page for `key` while it is fresh; whoever gets one serves it (a hit). */
    get(key: string) {
      const page = pages.get(key);
      if (!page || !fresh(page)) return undefined;
      onEvent?.('hit');
      return page;
    },
    /**
     * The stored page for `key` once its TTL is over, within `staleMs`; whoever gets one serves it
     * and has it drawn again (`page-refresh.ts`).
     */
    stale(key: string) {
      const page = pages.get(key);
      if (!page || fresh(page)) return undefined;
      onEvent?.('stale');
      return page;
    },
    /** The render under way for `key`, if any; whoever gets one waits for it and serves its page. */
    pending(key: string) {
      const render = rendering.get(key);
      if (render) onEvent?.('shared');
      return render;
    },
    /** The purge count now: hand it to `store` for a render that starts now. */
    generation: () => generation,
    /** Registers a render of `key` (a miss); resolves what it stored (or undefined when not cacheable). */
    track(key: string, render: Promise<CachedPage | undefined>) {
      onEvent?.('miss');
      const shared = render.finally(() => {
        if (rendering.get(key) === shared) rendering.delete(key);
      });
      rendering.set(key, shared);
      return shared;
    },
    /** Keeps a rendered page, unless the cache was purged since its render began (`startedIn`). */
    async store(key: string, page: Omit<CachedPage, 'etag' | 'storedAt' | 'encoded' | 'hashes'>, startedIn = generation): Promise<CachedPage> {
      const html = page.headers.some(([name, value]) => name.toLowerCase() === 'content-type' && value.includes('text/html'));
      const hashes = html ? inlineHashes(new TextDecoder().decode(page.body)) : null;
      const stored = { ...page, etag: etagOf(page.body), storedAt: now(), encoded: await encode(page.body), hashes };
      if (ttlMs > 0 && startedIn === generation) pages.set(key, stored);
      return stored;
    },
    /** Drops the one stored page under `key` (renders under way, of it or others, are still kept). */
    forget(key: string) {
      pages.delete(key);
    },
    /** Drops every page, or those whose key `which` picks (renders under way are not kept either). */
    purge(which?: (key: string) => boolean): number {
      generation += 1;
      if (!which) {
        const count = pages.size;
        pages.clear();
        rendering.clear(); // later visitors render afresh instead of joining a render from before
        return count;
      }
      let count = 0;
      for (const key of [...pages.keys()]) if (which(key) && pages.delete(key)) count += 1;
      for (const key of [...rendering.keys()]) if (which(key)) rendering.delete(key);
      return count;
    },
    size: () => pages.size,
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
