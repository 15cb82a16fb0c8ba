import type { NextFunction, Request, Response } from 'express';
import type { ServerBuild } from 'react-router';
import { contentCacheSettings, contentStore, listenForPurges, pageCache, purgeContent } from '../app/lib/caches.server';
import { sharedRedis } from '../app/lib/shared/redis.server';
import { inlineStylesheetsFrom } from '../app/lib/inline-stylesheets.server';
import { loadAllPublishedContent } from '../app/lib/published-content.server';
import { STUDIO_TEXTS, UI, UI_TEMPLATES } from '../app/lib/ui-text';
import { createApp } from './app';
import type { ServerConfig } from './config';
import { cachedPages } from './pages/cached-pages';
import { createTranslationCache } from './translation/cache';
import { createMyMemoryProvider } from './translation/provider';
import { createPublishedTexts } from './translation/published-texts';
import { createTranslationService } from './translation/service';
import { LIMITS } from './translation/endpoint';
import { createRateLimiter } from './translation/rate-limit';
import { sharedRateLimiter, sharedTranslationCache } from './translation/shared-cache';
import { createStudioEnglish } from './translation/studio-english';

export interface SiteOptions {
  mode: 'production' | 'development';
  build: ServerBuild | (() => Promise<ServerBuild>);
  clientDir?: string;
  before?: Array<(req: Request, res: Response, next: NextFunction) => void>;
}

/** The site's services made from its configuration, and the Express app that serves them. */
export function createSiteApp(config: ServerConfig, options: SiteOptions) {
  const ttlS = contentCacheSettings().ttlMs / 1000;
  inlineStylesheetsFrom(options.mode === 'production' ? options.clientDir : undefined);
  // With REDIS_URL several instances share caches, budget, rate limits and purges (issue 15).
  const redis = sharedRedis();
  void listenForPurges();
  const localTranslations = createTranslationCache(config.translation.cacheFile, { maxEntries: config.translation.cacheMaxEntries });
  const translation = createTranslationService({
    provider: createMyMemoryProvider({ baseUrl: config.translation.providerUrl, email: config.translation.email }),
    cache: redis ? sharedTranslationCache(redis, localTranslations, { maxEntries: config.translation.cacheMaxEntries }) : localTranslations,
    dailyChars: config.translation.dailyChars,
    studio: createStudioEnglish({ cmsUrl: config.content.baseUrl, secret: config.webhookSecret }),
  });
  const rate = { limit: LIMITS.requestsPerMinute, windowMs: 60_000 };
  const limiter = redis ? sharedRateLimiter(redis, createRateLimiter(rate), rate) : createRateLimiter(rate);
  const content = contentStore();
  const publishedTexts = createPublishedTexts({
    content: { values: () => content.values(), version: () => content.version() },
    warm: loadAllPublishedContent,
    interfaceTexts: [...Object.values(UI), ...STUDIO_TEXTS],
    templates: Object.values(UI_TEMPLATES),
  });
  return createApp({
    ...options,
    cmsUrl: config.content.baseUrl,
    translation,
    translationLimiter: limiter,
    publishedTexts,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    webhook: { secret: config.webhookSecret, purge: purgeContent },
    previewSecret: config.previewSecret,
    previewFrameAncestors: config.previewFrameAncestors,
    contentStats: () => contentStore().stats(),
    cachedPages: cachedPages(pageCache, () => ttlS),
    imageCacheDir: config.imageCacheDir,
  });
}
