import path from 'node:path';
import { ContentError } from './content-error.server';
import { createContentStore, ContentUnavailableError, type ContentStore } from './content-cache/content-store.server';
import { sqliteLastGood } from './content-cache/last-good.server';
import { createPageCache, type PageCache } from './page-cache/page-cache.server';
import { redisAnswers, redisLastGood } from './shared/content.server';
import { sharedRedis } from './shared/redis.server';

/** Content cache settings from the environment (documented in the README). */
export function contentCacheSettings(env: Record<string, string | undefined> = process.env) {
  const number = (value: string | undefined, fallback: number) => (value !== undefined && Number(value) >= 0 ? Number(value) : fallback);
  return {
    ttlMs: number(env.CONTENT_TTL_S, 60) * 1000,
    deadlineMs: number(env.CONTENT_DEADLINE_MS, 1500),
    maxEntries: number(env.CONTENT_CACHE_MAX_ENTRIES, 1000),
    file: path.resolve(env.CONTENT_CACHE_FILE ?? '.data/content.db'),
  };
}

/** The CMS failed (unreachable, too slow, 5xx, a broken answer): last good content may stand in. */
export const isOutage = (error: unknown): boolean =>
  error instanceof ContentUnavailableError || (error instanceof ContentError && !error.abandoned && (error.status === undefined || error.status >= 500 || error.status === 200));

let content: ContentStore | undefined;
/** The server's content cache, made on first use. */
export function contentStore(): ContentStore {
  if (!content) {
    const settings = contentCacheSettings();
    const local = sqliteLastGood(settings.file);
    // With REDIS_URL, answers and last good copies are shared by every instance (issue 15).
    const redis = sharedRedis();
    content = createContentStore({
      ...settings,
      lastGood: redis ? redisLastGood(redis, local) : local,
      shared: redis ? redisAnswers(redis) : undefined,
      isOutage,
    });
  }
  return content;
}

let pages: PageCache | undefined;
/** Rendered pages, kept as long as the content they show counts as fresh. */
export function pageCache(): PageCache {
  pages ??= createPageCache({ ttlMs: contentCacheSettings().ttlMs });
  return pages;
}

/** Which cached CMS answers a change to one content type can affect (by API path). */
const AFFECTED: Record<string, string[]> = {
  // Projects are filtered by category: a renamed category changes project lists too.
  category: ['/api/categories', '/api/projects'],
  project: ['/api/projects'],
  article: ['/api/articles'],
  profilelist: ['/api/profilelists'],
  'first-page-img': ['/api/first-page-imgs'],
  'contact-mess': ['/api/contact-mess'],
  // The studio's English: translations only; no rendered page shows it.
  translation: ['/api/translations'],
};

/** Content types whose changes no rendered page shows. */
const NOT_ON_PAGES = new Set(['translation']);

/** The cached answers a change to `model` can affect (all for media and unknown types). */
function affectedBy(model: string | undefined): ((key: string) => boolean) | undefined {
  const paths = model ? AFFECTED[model] : undefined;
  return paths ? (key) => paths.some((path) => key === path || key.startsWith(`${path}/`) || key.startsWith(`${path}?`)) : undefined;
}

/** Drops this instance's cached answers and pages that a change to `model` can affect. */
function purgeHere(model: string | undefined): { answers: number; pages: number } {
  return { answers: contentStore().purge(affectedBy(model)), pages: model && NOT_ON_PAGES.has(model) ? 0 : pageCache().purge() };
}

const PURGE_CHANNEL = 'purge';

/**
 * A change in the CMS (publish webhook): drops the cached answers it can affect, or all of them
 * for media and unknown types, and every rendered page. The last good copies stay for outages.
 * With Redis, the shared answers go first (so no instance reads the old answer back from Redis),
 * then this instance's, then every other instance is told to purge its own.
 */
export async function purgeContent(model: string | undefined): Promise<{ answers: number; pages: number }> {
  const redis = sharedRedis();
  if (redis) await redisAnswers(redis).purge(affectedBy(model));
  const purged = purgeHere(model);
  if (redis?.ready()) {
    await redis
      .publish(PURGE_CHANNEL, JSON.stringify({ from: redis.instanceId, model: model ?? null }))
      .catch((error: unknown) => console.warn(`[redis] purge not shared (${error instanceof Error ? error.message : String(error)}); other instances refresh at their TTL`));
  } else if (redis) {
    console.warn('[redis] purge not shared (Redis is away); other instances refresh at their TTL');
  }
  return purged;
}

/** With Redis: purges this instance when another one received a publish webhook. */
export async function listenForPurges(): Promise<void> {
  const redis = sharedRedis();
  if (!redis) return;
  await redis.subscribe(PURGE_CHANNEL, (message) => {
    try {
      const { from, model } = JSON.parse(message) as { from?: string; model?: string | null };
      if (from !== redis.instanceId) purgeHere(model ?? undefined);
    } catch {
      // not one of ours
    }
  });
}
