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
import { createLogging, lineLog, withRequestId, type Logging } from './observability/logger';
import type { SiteMetrics } from './observability/metrics';
import { createTranslationCache, type LocalTranslationCache } from './translation/cache';
import { createMyMemoryProvider, observedProvider } from './translation/provider';
import { createQuota, sharedQuota } from './translation/quota';
import { createTranslationService, PROVIDER_CHARS_PER_MINUTE } from './translation/service';
import { sharedTranslationCache } from './translation/redis-translation-cache';
import { createStudioEnglish } from './translation/studio-english';
import { createEnglishContent } from './translation/english-content';
import { createWordmarkFaces } from './studio/wordmark-face';
import { createMarkSource } from './studio/studio-icons';

/** `log` once per key, at most `max` keys remembered (then the oldest may be said again). */
function onceEach(log: (line: string) => void, max = 1_000) {
  const said = new Set<string>();
  return (key: string, line: string) => {
    if (said.has(key)) return;
    if (said.size >= max) said.delete(said.values().next().value!);
    said.add(key);
    log(line);
  };
}

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

/** Where the site's parts report: the log (and the request scope), and the metrics. */
export interface Observability {
  logging?: Logging;
  metrics?: SiteMetrics;
}

/**
 * The composition root: every store and client of the site, made once from one configuration.
 * Memory and SQLite, or Redis in front of them, is chosen here for all of them (content answers
 * and last good copies, translations, the provider budget and quotas, rate limits, the purge
 * broadcast). The pages receive what they read through React Router's context (`services`).
 */
export function composeSite(config: ServerConfig, standIns: StandIns = {}, { logging = createLogging({ level: config.logLevel }), metrics }: Observability = {}) {
  const { logger } = logging;
  const warn = lineLog(logger, 'warn');
  const fetchImpl = standIns.fetch ?? fetch;
  // Calls to the CMS say which request they are for (x-request-id); the translation provider's do not.
  const cmsFetch = withRequestId(fetchImpl, logging.currentRequestId);
  const redis = standIns.redis !== undefined ? standIns.redis : config.redis ? connectRedis({ ...config.redis, log: warn }) : null;
  if (redis) metrics?.watchRedis(() => redis.ready());

  const localLastGood = standIns.lastGood ?? sqliteLastGood(config.contentCache.file);
  const store = createContentStore({
    ...config.contentCache,
    lastGood: redis ? redisLastGood(redis, localLastGood) : localLastGood,
    shared: redis ? redisAnswers(redis) : undefined,
    isOutage,
    log: warn,
    onEvent: metrics?.contentCache,
  });
  const content = createContentClient(config.content, cmsFetch, store, { onCall: metrics?.cmsCall });
  const pages = createPageCache({ ttlMs: config.contentCache.ttlMs, onEvent: metrics?.pageCache });
  metrics?.watchPageCache(() => pages.size());
  const purge = createPurge({ store, pages, redis, log: warn });
  void purge.listen();

  const localTranslations = standIns.translationCache ?? createTranslationCache(config.translation.cacheFile, { maxEntries: config.translation.cacheMaxEntries });
  const perMinute = (name: string, limit: number) => {
    const settings = { limit, windowMs: 60_000 };
    return redis ? sharedQuota(redis, name, createQuota(settings), settings) : createQuota(settings);
  };
  const provider = createMyMemoryProvider({ baseUrl: config.translation.providerUrl, email: config.translation.email, fetchImpl });
  const translation = createTranslationService({
    provider: metrics ? observedProvider(provider, metrics.translationCall) : provider,
    cache: redis ? sharedTranslationCache(redis, localTranslations, { maxEntries: config.translation.cacheMaxEntries }) : localTranslations,
    dailyChars: config.translation.dailyChars,
    perMinute: { perClient: perMinute('client-chars', PROVIDER_CHARS_PER_MINUTE.perClient), site: perMinute('site-chars', PROVIDER_CHARS_PER_MINUTE.site) },
    studio: createStudioEnglish({ cmsUrl: config.content.baseUrl, secret: config.webhookSecret, client: content, fetchImpl: cmsFetch, log: warn }),
    log: warn,
  });
  metrics?.watchTranslationBudget(() => translation.budget());
  const english = createEnglishContent({ service: translation, interfaceEnglish: INTERFACE_ENGLISH, deadlineMs: config.translation.renderDeadlineMs, log: warn });

  const services: SiteServices = {
    content,
    pages,
    pageTtlS: config.contentCache.ttlMs / 1000,
    publicOrigin: config.publicOrigin,
    english,
    wordmarkFace: createWordmarkFaces(),
    warnOnce: onceEach(warn),
    log: lineLog(logger, 'error'),
  };
  // The studio's logo as the icons' source (checked once per file; the last good one kept on disk).
  const marks = createMarkSource({ dir: config.imageCacheDir, fetchImpl, log: warn });
  return { services, store, purge, redis, translation, logging, marks };
}

export type ComposedSite = ReturnType<typeof composeSite>;
