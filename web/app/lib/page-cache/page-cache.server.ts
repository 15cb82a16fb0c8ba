import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { joinWithNonce, splitAtNonce } from '../csp-nonce.server';

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  /**
   * The body cut where its render's CSP nonce stood: every response joins the parts with a nonce
   * of its own (so a stored page is compressed per response, not once when stored).
   */
  parts: Array<Uint8Array<ArrayBuffer>>;
  /** Bytes in the body once joined (nonces have a fixed length). */
  length: number;
  etag: string;
  storedAt: number;
}

/** A stored page's body as this response sends it. */
export const bodyOf = (page: CachedPage, nonce: string | undefined) => joinWithNonce(page.parts, nonce);

export interface PageCacheOptions {
  ttlMs: number;
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
export function createPageCache({ ttlMs, maxBytes = 64 * 1024 * 1024, now = Date.now }: PageCacheOptions) {
  const pages = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) => Math.max(1, page.length),
    ttl: ttlMs,
    ttlAutopurge: false,
  });
  const rendering = new Map<string, Promise<CachedPage | undefined>>();
  // Bumped by every purge: a render that began before a purge (a publish) is never kept after it.
  let generation = 0;

  return {
    get: (key: string) => pages.get(key),
    /** The render under way for `key`, if any. */
    pending: (key: string) => rendering.get(key),
    /** The purge count now: hand it to `store` for a render that starts now. */
    generation: () => generation,
    /** Registers a render of `key`; resolves what it stored (or undefined when not cacheable). */
    track(key: string, render: Promise<CachedPage | undefined>) {
      const shared = render.finally(() => {
        if (rendering.get(key) === shared) rendering.delete(key);
      });
      rendering.set(key, shared);
      return shared;
    },
    /** Keeps a rendered page, unless the cache was purged since its render began (`startedIn`). */
    store(
      key: string,
      { status, headers, body, nonce }: { status: number; headers: Array<[string, string]>; body: Uint8Array<ArrayBuffer>; nonce?: string | undefined },
      startedIn = generation,
    ): CachedPage {
      const parts = splitAtNonce(body, nonce);
      // The same page gives the same ETag whatever nonce it was rendered with.
      const stored = { status, headers, parts, length: body.byteLength, etag: etagOf(joinWithNonce(parts, '')), storedAt: now() };
      if (ttlMs > 0 && startedIn === generation) pages.set(key, stored);
      return stored;
    },
    purge(): number {
      generation += 1;
      const count = pages.size;
      pages.clear();
      rendering.clear(); // later visitors render afresh instead of joining a render from before
      return count;
    },
    size: () => pages.size,
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
