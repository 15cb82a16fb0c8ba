import { createContentClient } from '../app/lib/content/content-client.server';
import { createContentStore, isOutage } from '../app/lib/content/content-store.server';
import { sqliteLastGood, type LastGoodStore } from '../app/lib/content/last-good.server';
import { createPageCache } from '../app/lib/content/page-cache/page-cache.server';
import { redisAnswers, redisLastGood } from '../app/lib/content/redis-content.server';
import { connectRedis, type SharedRedis } from '../app/lib/redis.server';
import type { SiteServices } from '../app/lib/site-context.server';
import { INTERFACE_ENGLISH } from '../app/lib/ui-text';
import type { ServerConfig } from './config';
import { createPurge } from './content/purge';
import { createTranslationCache, type LocalTranslationCache } from './translation/cache';
import { createMyMemoryProvider } from './translation/provider';
import { createQuota, sharedQuota } from './translation/quota';
import { createTranslationService, PROVIDER_CHARS_PER_MINUTE } from './translation/service';
import { sharedTranslationCache } from './translation/redis-translation-cache';
import { createStudioEnglish } from './translation/studio-english';
import { createEnglishContent } from './translation/english-content';

/** Parts a test (or another deployment) may supply instead of the ones the configuration names. */
export interface StandIns {
  /** How the site reaches the CMS and the translation provider. */
  fetch?: typeof fetch;
  /** The shared Redis (`null`: none, whatever REDIS_URL says). */
  redis?: SharedRedis | null;
  /** The content store's last good copies (default: SQLite at CONTENT_CACHE_FILE). */
  lastGood?: LastGoodStore;
  /** The translation cache (default: SQLite at TRANSLATE_CACHE_FILE). */
  translationCache?: LocalTranslationCache;
}

/**
 * The composition root: every store and client of the site, made once from one configuration.
 * Memory and SQLite, or Redis in front of them, is chosen here for all of them (content answers
 * and last good copies, translations, the provider budget and quotas, rate limits, the purge
 * broadcast). The pages receive what they read through React Router's context (`services`).
 */
export function composeSite(config: ServerConfig, standIns: StandIns = {}) {
  const fetchImpl = standIns.fetch ?? fetch;
  const redis = standIns.redis !== undefined ? standIns.redis : config.redis ? connectRedis(config.redis) : null;

  const localLastGood = standIns.lastGood ?? sqliteLastGood(config.contentCache.file);
  const store = createContentStore({
    ...config.contentCache,
    lastGood: redis ? redisLastGood(redis, localLastGood) : localLastGood,
    shared: redis ? redisAnswers(redis) : undefined,
    isOutage,
  });
  const content = createContentClient(config.content, fetchImpl, store);
  const pages = createPageCache({ ttlMs: config.contentCache.ttlMs });
  const purge = createPurge({ store, pages, redis });
  void purge.listen();

  const localTranslations = standIns.translationCache ?? createTranslationCache(config.translation.cacheFile, { maxEntries: config.translation.cacheMaxEntries });
  const perMinute = (name: string, limit: number) => {
    const settings = { limit, windowMs: 60_000 };
    return redis ? sharedQuota(redis, name, createQuota(settings), settings) : createQuota(settings);
  };
  const translation = createTranslationService({
    provider: createMyMemoryProvider({ baseUrl: config.translation.providerUrl, email: config.translation.email, fetchImpl }),
    cache: redis ? sharedTranslationCache(redis, localTranslations, { maxEntries: config.translation.cacheMaxEntries }) : localTranslations,
    dailyChars: config.translation.dailyChars,
    perMinute: { perClient: perMinute('client-chars', PROVIDER_CHARS_PER_MINUTE.perClient), site: perMinute('site-chars', PROVIDER_CHARS_PER_MINUTE.site) },
    studio: createStudioEnglish({ cmsUrl: config.content.baseUrl, secret: config.webhookSecret, client: content, fetchImpl }),
  });
  const english = createEnglishContent({ service: translation, interfaceEnglish: INTERFACE_ENGLISH, deadlineMs: config.translation.renderDeadlineMs });

  const services: SiteServices = { content, pages, pageTtlS: config.contentCache.ttlMs / 1000, publicOrigin: config.publicOrigin, english };
  return { services, store, purge, redis, translation };
}

export type ComposedSite = ReturnType<typeof composeSite>;
