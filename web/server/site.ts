import type { NextFunction, Request, Response } from 'express';
import type { ServerBuild } from 'react-router';
import { inlineStylesheetsFrom } from '~/lib/document/inline-stylesheets.server';
import { createApp } from './app';
import { composeSite, type StandIns } from './compose';
import { createLogging, lineLog, type Logging } from './observability/logger';
import type { SiteMetrics } from './observability/metrics';
import type { ServerConfig } from './config';
import { cachedPages } from './pages/cached-pages';
import { createPageRefresher } from './pages/page-refresh';
import { createRenderBudget } from './pages/render-budget';
import { cmsAnswers, deepHealth } from './health/health';
import { warmUp } from './warm-up';
import { PAGE } from '~/pages';

/** The pages drawn before the site takes visitors: the landing and the shell's lists. */
const WARM_PAGES = [PAGE.login, PAGE.projects, PAGE.articles, PAGE.profile];

export interface SiteOptions {
  mode: 'production' | 'development';
  build: ServerBuild | (() => Promise<ServerBuild>);
  clientDir?: string;
  before?: Array<(req: Request, res: Response, next: NextFunction) => void>;
  /** Stand-ins for the stores and clients the configuration would make (tests). */
  standIns?: StandIns;
  /** The log (default: stdout at LOG_LEVEL); main.ts makes it, so its lines and the site's share one request scope. */
  logging?: Logging;
  /** Where the site reports its metrics (main.ts serves them on METRICS_PORT); default: nowhere. */
  metrics?: SiteMetrics;
}

/**
 * The site's services made from its configuration (`compose.ts`), the Express app that serves
 * them, and the operator's report on its content (`deepHealth`, for the metrics listener only).
 */
export function createSiteApp(config: ServerConfig, options: SiteOptions) {
  inlineStylesheetsFrom(options.mode === 'production' ? options.clientDir : undefined);
  const logging = options.logging ?? createLogging({ level: config.logLevel });
  const site = composeSite(config, options.standIns, { logging, metrics: options.metrics });
  // Pages older than the TTL are served while drawn again through this same app (stale-while-revalidate).
  const refresher = createPageRefresher({
    ttlMs: config.contentCache.ttlMs,
    drop: (key) => site.pages.forget(key),
    secure: config.publicUrl?.protocol === 'https:',
    log: lineLog(logging.logger, 'warn'),
  });
  // Each visitor's fresh renders, whether their view renders a page or starts its render in the background.
  const renderBudget = createRenderBudget();
  site.words.start();
  site.privacy.media.start();
  site.privacy.views.start();
  const app = createApp({
    ...options,
    logging,
    cmsUrl: config.content.baseUrl,
    mediaUrl: config.content.mediaBaseUrl,
    services: site.services,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    webhook: { secret: config.webhookSecret, purge: site.purge.purge },
    previewSecret: config.previewSecret,
    previewFrameAncestors: config.previewFrameAncestors,
    cachedPages: cachedPages({ pages: site.pages, pageTtlS: site.services.pageTtlS, refresher, renderBudget }),
    renderBudget,
    marks: site.marks,
    imageCacheDir: config.imageCacheDir,
    imageCacheMaxBytes: config.imageCacheMaxBytes,
    privacy: site.privacy,
  });
  refresher.attach(app);
  return {
    app,
    /** The site's page cache and the services its pages read (the operator's and the tests' view of them). */
    pages: site.pages,
    services: site.services,
    deepHealth: deepHealth({ cmsUrl: config.content.baseUrl, contentStats: () => site.store.stats(), fetchImpl: options.standIns?.fetch }),
    /**
     * Before the listener opens: the main pages drawn once with their content, so the first
     * visitors after a start do not get the empty state of a cold CMS's first, slow answers.
     */
    warmUp: () =>
      warmUp(app, {
        pages: WARM_PAGES,
        cmsAnswers: () => cmsAnswers(config.content.baseUrl, options.standIns?.fetch, 2_000),
        withinMs: config.warmUpMs,
        againMs: 500,
        secure: config.publicUrl?.protocol === 'https:',
      }),
    /** Before the process ends: the views counted since the last send go to the CMS. */
    stop: async () => {
      await refresher.close();
      site.privacy.media.stop();
      await site.privacy.views.stop();
    },
  };
}
