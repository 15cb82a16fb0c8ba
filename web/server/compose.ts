import { createContentClient } from './content/content-client';
import { createContentStore, isOutage } from './content/content-store';
import { sqliteLastGood, type LastGoodStore } from './content/last-good';
import { createPageCache, PAGE_STALE_S } from './pages/page-cache';
import { pageCacheMiddleware } from './pages/page-cache-middleware';
import { redisAnswers, redisLastGood } from './content/redis-content';
import { connectRedis, type SharedRedis } from './storage/redis';
import type { SiteServices } from '~/lib/request/site-context.server';
import type { ServerConfig } from './config';
import { createPurge } from './content/purge';
import { createLogging, lineLog, withRequestId, type Logging } from './observability/logger';
import type { SiteMetrics } from './observability/metrics';
import { createWordmarkFaces } from './studio/wordmark-face';
import { createMarkSource } from './studio/studio-icons';
import { interfaceSync } from './content/interface-sync';
import type { MediaSource } from './media/media-proxy';
import { createPrivateMedia } from './privacy/private-media';
import { createShareLinks } from './privacy/share-links';
import { guessLimit } from './privacy/share-gate';
import { createPageViews } from './views/page-views';
import { hasPreviewCookie } from './preview/preview';

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
  /** How the site reaches the CMS. */
  fetch?: typeof fetch;
  /** The shared Redis (`null`: none, whatever REDIS_URL says). */
  redis?: SharedRedis | null;
  /** The content store's last good copies (default: SQLite at CONTENT_CACHE_FILE). */
  lastGood?: LastGoodStore;
}

/** Where the site's parts report: the log (and the request scope), and the metrics. */
export interface Observability {
  logging?: Logging;
  metrics?: SiteMetrics;
}

/**
 * The composition root: every store and client of the site, made once from one configuration.
 * Memory and SQLite, or Redis in front of them, is chosen here for all of them (content answers
 * and last good copies, the purge broadcast). The pages receive what they read through React Router's context (`services`).
 */
export function composeSite(config: ServerConfig, standIns: StandIns = {}, { logging = createLogging({ level: config.logLevel }), metrics }: Observability = {}) {
  const { logger } = logging;
  const warn = lineLog(logger, 'warn');
  const fetchImpl = standIns.fetch ?? fetch;
  // Calls to the CMS say which request they are for (x-request-id).
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
  // Kept a day past the TTL, served while drawn again (cachedPages, page-refresh.ts); a publish purges it.
  const pages = createPageCache({ ttlMs: config.contentCache.ttlMs, staleMs: PAGE_STALE_S * 1000, onEvent: metrics?.pageCache });
  metrics?.watchPageCache(() => pages.size());
  // Private work and share links (issue 39): which files are private, what each token opens; both
  // read again on every publish, on every instance.
  const cms = { cmsUrl: config.content.baseUrl, secret: config.webhookSecret, fetchImpl: cmsFetch };
  const privateMedia = createPrivateMedia({ ...cms, log: warn });
  const shares = createShareLinks(cms);
  const purge = createPurge({
    store,
    pages,
    redis,
    also: [
      () => shares.purge(),
      (model) => {
        if (model === undefined || ['project', 'article', 'share-link', 'file'].includes(model)) void privateMedia.refresh();
      },
    ],
    log: warn,
  });
  void purge.listen();

  const pageTtlS = config.contentCache.ttlMs / 1000;
  const services: SiteServices = {
    content,
    shares,
    pageCache: pageCacheMiddleware(() => ({ pages, pageTtlS })),
    pageTtlS,
    publicOrigin: config.publicOrigin,
    wordmarkFace: createWordmarkFaces(),
    warnOnce: onceEach(warn),
    log: lineLog(logger, 'error'),
  };
  // The studio's logo as the icons' source (checked once per file; the last good one kept on disk).
  const marks = createMarkSource({ dir: config.imageCacheDir, fetchImpl, log: warn });
  // The site's own words, handed to the CMS so its fill puts them into every other locale (issue 38).
  const words = interfaceSync({ cmsUrl: config.content.baseUrl, secret: config.webhookSecret, fetchImpl: cmsFetch, log: warn });
  const privacy = {
    media: privateMedia,
    links: shares,
    guesses: guessLimit(),
    // A share link's files, from the CMS's private files (the folder or the bucket), never cached.
    privateSource: {
      url: (key: string) => `${config.content.baseUrl}/api/private-media/file?key=${encodeURIComponent(key)}`,
      headers: config.webhookSecret ? { authorization: `Bearer ${config.webhookSecret}` } : undefined,
      cacheControl: 'private, no-store',
    } satisfies MediaSource,
    // Views of projects and articles and opens of share links, sent to the CMS in batches.
    views: createPageViews({ ...cms, isPreview: (req) => hasPreviewCookie(req.headers.cookie, config.previewSecret), log: warn }),
  };
  return { services, pages, store, purge, redis, logging, marks, words, privacy };
}

export type ComposedSite = ReturnType<typeof composeSite>;
