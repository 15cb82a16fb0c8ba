import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  storedAt: number;
}

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
    sizeCalculation: (page) => Math.max(1, page.body.byteLength),
    ttl: ttlMs,
    ttlAutopurge: false,
  });
  const rendering = new Map<string, Promise<CachedPage | undefined>>();

  return {
    get: (key: string) => pages.get(key),
    /** The render under way for `key`, if any. */
    pending: (key: string) => rendering.get(key),
    /** Registers a render of `key`; resolves what it stored (or undefined when not cacheable). */
    track(key: string, render: Promise<CachedPage | undefined>) {
      const shared = render.finally(() => rendering.delete(key));
      rendering.set(key, shared);
      return shared;
    },
    store(key: string, page: Omit<CachedPage, 'etag' | 'storedAt'>): CachedPage {
      const stored = { ...page, etag: etagOf(page.body), storedAt: now() };
      if (ttlMs > 0) pages.set(key, stored);
      return stored;
    },
    purge(): number {
      const count = pages.size;
      pages.clear();
      return count;
    },
    size: () => pages.size,
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
