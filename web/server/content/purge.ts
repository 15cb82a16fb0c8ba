import type { ContentStore } from '../../app/lib/content/content-store.server';
import type { PageCache } from '../../app/lib/content/page-cache/page-cache.server';
import { redisAnswers } from '../../app/lib/content/redis-content.server';
import type { SharedRedis } from '../../app/lib/redis.server';

/** Which cached CMS answers a change to one content type can affect (by API path). */
const AFFECTED: Record<string, string[]> = {
  // Projects are filtered by category: a renamed category changes project lists too.
  category: ['/api/categories', '/api/projects'],
  project: ['/api/projects'],
  article: ['/api/articles'],
  profilelist: ['/api/profilelists'],
  'first-page-img': ['/api/first-page-imgs'],
  'contact-mess': ['/api/contact-mess'],
  // The studio's identity: every page, its icons and its manifest show it (issue 37).
  studio: ['/api/studio'],
  // The studio's English: the English pages show it (issue 28).
  translation: ['/api/translations'],
};

/** Which rendered pages a change shows on: all, the English twins only, or none. */
export type PagesAffected = 'all' | 'english' | 'none';

/**
 * A change to the studio's English shows on the English pages only; a machine translation the
 * site itself reported (created with no English of the studio's) shows on no page: it is already
 * there. Everything else can show on any page.
 */
export function pagesAffectedBy(model: string | undefined, event?: string, entry?: { english?: string | null }): PagesAffected {
  if (model !== 'translation') return 'all';
  return event === 'entry.create' && !entry?.english?.trim() ? 'none' : 'english';
}

/** Page cache keys are `<layout> <address>`: the English twins' addresses start with /en. */
const isEnglishPage = (key: string) => / \/en(\/|\.|\?|$)/.test(key);

/** The cached answers a change to `model` can affect (all for media and unknown types). */
function affectedBy(model: string | undefined): ((key: string) => boolean) | undefined {
  const paths = model ? AFFECTED[model] : undefined;
  return paths ? (key) => paths.some((path) => key === path || key.startsWith(`${path}/`) || key.startsWith(`${path}?`)) : undefined;
}

const PURGE_CHANNEL = 'purge';

export interface Purged {
  answers: number;
  pages: number;
}

/**
 * A change in the CMS (publish webhook) drops the cached answers it can affect, or all of them for
 * media and unknown types, and every rendered page; the last good copies stay for outages. With
 * Redis the shared answers go first (so no instance reads the old answer back from Redis), then
 * this instance's, then every other instance is told to purge its own (`listen`).
 */
export function createPurge({ store, pages, redis, log = console.warn }: { store: ContentStore; pages: PageCache; redis: SharedRedis | null; log?: (line: string) => void }) {
  const here = (model: string | undefined, shown: PagesAffected): Purged => ({
    answers: store.purge(affectedBy(model)),
    pages: shown === 'none' ? 0 : pages.purge(shown === 'english' ? isEnglishPage : undefined),
  });
  return {
    async purge(model: string | undefined, shown: PagesAffected = pagesAffectedBy(model)): Promise<Purged> {
      if (redis) await redisAnswers(redis).purge(affectedBy(model));
      const purged = here(model, shown);
      if (redis?.ready()) {
        await redis
          .publish(PURGE_CHANNEL, JSON.stringify({ from: redis.instanceId, model: model ?? null, shown }))
          .catch((error: unknown) => log(`[redis] purge not shared (${error instanceof Error ? error.message : String(error)}); other instances refresh at their TTL`));
      } else if (redis) {
        log('[redis] purge not shared (Redis is away); other instances refresh at their TTL');
      }
      return purged;
    },
    /** With Redis: purges this instance when another one received a publish webhook. */
    async listen(): Promise<void> {
      if (!redis) return;
      await redis.subscribe(PURGE_CHANNEL, (message) => {
        try {
          const { from, model, shown } = JSON.parse(message) as { from?: string; model?: string | null; shown?: PagesAffected };
          if (from !== redis.instanceId) here(model ?? undefined, shown ?? pagesAffectedBy(model ?? undefined));
        } catch {
          // not one of ours
        }
      });
    },
  };
}
