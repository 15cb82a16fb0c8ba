import { cachified, createCacheEntry, type Cache, type CacheEntry, type CacheEvent } from '@epic-web/cachified';
import { LRUCache } from 'lru-cache';
import { ContentError } from '~/lib/content/content-error.server';
import { memoryLastGood, type LastGoodStore } from './last-good';
import type { SharedAnswers } from './redis-content';

/** The CMS could not give an answer in time, and there is no earlier one to show. */
export class ContentUnavailableError extends Error {
  override name = 'ContentUnavailableError';
}

/** The CMS failed (unreachable, too slow, 5xx, a broken answer): last good content may stand in. */
export const isOutage = (error: unknown): boolean =>
  error instanceof ContentUnavailableError || (error instanceof ContentError && !error.abandoned && (error.status === undefined || error.status >= 500 || error.status === 200));

export interface ContentStoreOptions {
  /** How long an answer counts as fresh; after that it is served stale while one refresh runs. */
  ttlMs: number;
  /** The longest a visitor waits for the CMS when nothing is cached. */
  deadlineMs: number;
  /** Most answers kept in memory (least recently used go first). */
  maxEntries?: number;
  lastGood?: LastGoodStore;
  /** Answers shared with other instances (Redis): read on a miss in memory, written with each fresh answer. */
  shared?: SharedAnswers;
  /** True for errors that mean "the CMS failed" (last good content may stand in), not "no such entry". */
  isOutage?: (error: unknown) => boolean;
  now?: () => number;
  log?: (line: string) => void;
  /** Told what each read did (the server's metrics). */
  onEvent?: (event: ContentCacheEvent) => void;
}

/**
 * What a read did: a fresh answer in memory (or Redis); a `stale` one, served while one refresh
 * runs; a call to the CMS (`miss`; `shared` when it joined one under way); a background
 * `refresh`; the last good copy standing in for a failing CMS (`last_good`); a failed refresh.
 */
export type ContentCacheEvent = 'hit' | 'stale' | 'miss' | 'shared' | 'refresh' | 'last_good' | 'refresh_failed';

export interface ContentStoreStats {
  entries: number;
  /** Age of the oldest answer in memory (what a visitor may be shown), ms. */
  oldestAgeMs: number;
  /** Answers served from the last good copy because the CMS failed or was too slow. */
  servedLastGood: number;
  refreshFailures: number;
}

/**
 * What the site reads from the CMS, cached like a static site's pages but kept fresh:
 * - a repeat read costs no CMS call; concurrent misses for one key share one call (cachified);
 * - past the TTL an answer is served at once while one background refresh runs;
 * - a visitor never waits longer than the deadline: the last good answer (memory, then disk,
 *   which outlives a restart) stands in when the CMS fails or hangs, and the call goes on in
 *   the background. An answer that is now "not found" is forgotten, not stood in for.
 */
export function createContentStore({
  ttlMs,
  deadlineMs,
  maxEntries = 1_000,
  lastGood = memoryLastGood(),
  shared,
  isOutage = () => true,
  now = Date.now,
  log = console.warn,
  onEvent,
}: ContentStoreOptions) {
  const lru = new LRUCache<string, CacheEntry>({ max: maxEntries });
  let servedLastGood = 0;
  let refreshFailures = 0;
  // Bumped whenever the answers held may have changed (for what is derived from them).
  let version = 0;
  // The calls to the CMS under way, by key, and whether a purge has since matched them: an answer
  // the CMS gave before a publish committed must not be kept (or shared) after its purge.
  const underWay = new Map<string, { purged: boolean }>();
  // Memory first; then the answer another instance already fetched; the CMS last.
  const cache: Cache = shared
    ? {
        name: 'memory, then shared',
        async get(key) {
          const local = lru.get(key);
          if (local) return local;
          const remote = await shared.get(key);
          if (remote) {
            lru.set(key, remote);
            version += 1;
          }
          return remote;
        },
        set(key, entry) {
          lru.set(key, entry);
          void shared.set(key, entry);
        },
        delete(key) {
          lru.delete(key);
          void shared.delete(key);
        },
      }
    : lru;

  async function standIn(key: string, cause: unknown, valid: (value: unknown) => boolean): Promise<unknown> {
    const inMemory = lru.get(key);
    if (inMemory && valid(inMemory.value)) {
      servedLastGood += 1;
      onEvent?.('last_good');
      return inMemory.value;
    }
    let kept = await lastGood.get(key);
    if (kept && !valid(kept.value)) {
      // A corrupt or foreign copy (a damaged file, another program's key): dropped, never shown.
      log(`[content] the last good copy of ${key} does not match its schema; dropped`);
      await lastGood.delete(key);
      kept = undefined;
    }
    if (!kept) throw cause instanceof Error ? cause : new ContentUnavailableError(String(cause));
    // Back in memory as a stale answer (its real age): the next visitors get it at once, and the
    // next refresh replaces it once the CMS answers.
    lru.set(key, createCacheEntry(kept.value, { ttl: ttlMs, swr: Infinity, createdTime: kept.fetchedAt }));
    version += 1;
    servedLastGood += 1;
    onEvent?.('last_good');
    return kept.value;
  }

  /**
   * `load`, once more if a purge matched `key` while it ran (a publish's webhook arrived between
   * the call and its answer, so the answer may predate it): at most three calls, the last one kept.
   */
  async function loadPastPurges<T>(key: string, load: () => Promise<T>): Promise<T> {
    const mark = { purged: false };
    underWay.set(key, mark);
    try {
      let value = await load();
      for (let again = 0; mark.purged && again < 2; again += 1) {
        mark.purged = false;
        value = await load();
      }
      return value;
    } finally {
      if (underWay.get(key) === mark) underWay.delete(key);
    }
  }

  return {
    /**
     * The answer for `key`: from memory, Redis or the CMS (`load`). `valid` checks an answer read
     * back from a store (memory, Redis, SQLite) with the schema the CMS's answer passed: one that
     * fails is a miss (fetched again), never rendered.
     */
    async read<T>(key: string, load: () => Promise<T>, { signal, valid = () => true }: { signal?: AbortSignal; valid?: (value: unknown) => boolean } = {}): Promise<T> {
      // Which way cachified answered, from its reports (a hit that had expired is a stale one).
      let outdated = false;
      const report = (event: CacheEvent<T>) => {
        if (event.name === 'getCachedValueOutdated') outdated = true;
        else if (event.name === 'getCachedValueSuccess') onEvent?.(outdated ? 'stale' : 'hit');
        else if (event.name === 'getFreshValueHookPending') onEvent?.('shared');
      };
      const answer = cachified<T>(
        {
          key,
          cache,
          checkValue: (value) => valid(value) || 'does not match its schema',
          ttl: ttlMs,
          staleWhileRevalidate: Infinity,
          async getFreshValue({ background }) {
            onEvent?.(background ? 'refresh' : 'miss');
            try {
              const value = await loadPastPurges(key, load);
              await lastGood.set(key, value, now());
              version += 1;
              return value;
            } catch (error) {
              if (!isOutage(error)) {
                // The CMS answered, and the answer is "no such entry" (deleted, unpublished): forget it.
                lru.delete(key);
                version += 1;
                await lastGood.delete(key);
              } else if (background) {
                refreshFailures += 1;
                onEvent?.('refresh_failed');
                log(`[content] background refresh of ${key} failed; still serving the last good answer: ${error instanceof Error ? error.message : String(error)}`);
              }
              throw error;
            }
          },
        },
        onEvent ? () => report : undefined,
      );
      let timer: NodeJS.Timeout | undefined;
      let onAbort: (() => void) | undefined;
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new ContentUnavailableError(`${key}: no answer within ${deadlineMs} ms`)), deadlineMs);
        onAbort = () => reject(signal?.reason);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      deadline.catch(() => {});
      try {
        return await Promise.race([answer, deadline]);
      } catch (error) {
        if (signal?.aborted || !(error instanceof ContentUnavailableError || isOutage(error))) throw error;
        // The refresh keeps going; when it lands, the next visitor gets it.
        answer.catch(() => {});
        return (await standIn(key, error, valid)) as T;
      } finally {
        clearTimeout(timer);
        if (onAbort) signal?.removeEventListener('abort', onAbort);
      }
    },

    /** Drops cached answers whose key passes `matches` (all when omitted); the last good copies stay. */
    purge(matches: (key: string) => boolean = () => true): number {
      let dropped = 0;
      for (const [key, mark] of underWay) if (matches(key)) mark.purged = true;
      for (const key of [...lru.keys()]) {
        if (matches(key)) {
          lru.delete(key);
          dropped += 1;
        }
      }
      if (dropped > 0) version += 1;
      return dropped;
    },

    /** The answers held in memory now (what the pages are made from). */
    values(): unknown[] {
      return [...lru.values()].map((entry) => entry.value);
    },
    version: () => version,

    stats(): ContentStoreStats {
      let oldest = now();
      for (const entry of lru.values()) oldest = Math.min(oldest, entry.metadata.createdTime);
      return { entries: lru.size, oldestAgeMs: now() - oldest, servedLastGood, refreshFailures };
    },
  };
}

export type ContentStore = ReturnType<typeof createContentStore>;
