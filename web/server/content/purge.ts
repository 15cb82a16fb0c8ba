import type { ContentStore } from './content-store';
import type { PageCache } from '../pages/page-cache';
import { redisAnswers } from './redis-content';
import type { SharedRedis } from '../storage/redis';

/** Which cached CMS answers a change to one content type can affect (by API path). */
const AFFECTED: Record<string, string[]> = {
  // Projects are filtered by category: a renamed category changes project lists too.
  category: ['/api/categories', '/api/projects'],
  project: ['/api/projects'],
  article: ['/api/articles'],
  profilelist: ['/api/profilelists'],
  'first-page-img': ['/api/first-page-imgs'],
  'contact-mess': ['/api/contact-mess'],
  // A share link made, revoked or deleted: only its own answers (issue 39), and the pages.
  'share-link': [],
  // The studio's identity: every page, its icons and its manifest show it (issue 37).
  studio: ['/api/studio'],
  // The site's words and the pictures' words in the studio's other languages (issue 38).
  'ui-text': ['/api/ui-texts'],
  'media-text': ['/api/media-texts'],
  // A locale added or removed (the CMS says `locale`): every answer, every page (issue 38).
};

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
 * media, locales and unknown types, and every rendered page; the last good copies stay for outages. With
 * Redis the shared answers go first (so no instance reads the old answer back from Redis), then
 * this instance's, then every other instance is told to purge its own (`listen`).
 */
export function createPurge({
  store,
  pages,
  redis,
  also = [],
  log = console.warn,
}: {
  store: ContentStore;
  pages: PageCache;
  redis: SharedRedis | null;
  /** What else a change drops on every instance (share links' answers, the list of private files). */
  also?: ReadonlyArray<(model: string | undefined) => void>;
  log?: (line: string) => void;
}) {
  const here = (model: string | undefined): Purged => {
    for (const listener of also) listener(model);
    // A share link is on no page anyone else sees: the pages stay (its own are never cached).
    return { answers: store.purge(affectedBy(model)), pages: model === 'share-link' ? 0 : pages.purge() };
  };
  return {
    async purge(model: string | undefined): Promise<Purged> {
      if (redis) await redisAnswers(redis).purge(affectedBy(model));
      const purged = here(model);
      if (redis?.ready()) {
        await redis
          .publish(PURGE_CHANNEL, JSON.stringify({ from: redis.instanceId, model: model ?? null }))
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
          const { from, model } = JSON.parse(message) as { from?: string; model?: string | null };
          if (from !== redis.instanceId) here(model ?? undefined);
        } catch {
          // not one of ours
        }
      });
    },
  };
}
