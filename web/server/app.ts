import path from 'node:path';
import zlib from 'node:zlib';
import compression from 'compression';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { ServerBuild } from 'react-router';
import { health } from './health/health';
import { imageEndpoint } from './images/image-endpoint';
import { mediaProxy } from './media/media-proxy';
import { createLogging, lineLog, loggedPath, requestScope, withRequestId, type Logging } from './observability/logger';
import { routeLabel, type SiteMetrics } from './observability/metrics';
import type { SiteServices } from '~/lib/request/site-context.server';
import { reactRouterHandler } from './request-handler';
import { limitPerClient, refuseOddRequests } from './security/request-limits';
import { securityHeaders } from './security/security-headers';
import { contentWebhook, type ContentWebhookOptions } from './webhook/content-webhook';
import { previewMarker, previewRouter } from './preview/preview';
import { pageRequests } from './pages/page-requests';
import { studioAssets } from './studio/studio-assets';
import type { MarkSource } from './studio/studio-icons';
import type { MediaSource } from './media/media-proxy';
import type { PrivateMedia } from './privacy/private-media';
import { shareFiles, shareGate, type GuessLimit } from './privacy/share-gate';
import type { ShareLinks } from './privacy/share-links';
import type { PageViews } from './views/page-views';
import { mediaBaseUrl } from '~/lib/media/media';

export interface AppOptions {
  cmsUrl: string;
  /** Where uploads are read from (default: the CMS's /uploads; the bucket's URL with S3_*). */
  mediaUrl?: string;
  mode: 'production' | 'development';
  /** The built site (production), or a loader of it (development, through Vite). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the built browser assets (production only). */
  clientDir?: string;
  /** PREVIEW_SECRET, shared with the CMS: turns on /_preview (draft preview). */
  previewSecret?: string;
  /** Origins of the CMS admin, whose preview panel frames preview pages. */
  previewFrameAncestors?: string[];
  /** The site's public address (PUBLIC_URL): `https://…` turns on HSTS and the redirect from HTTP. */
  publicUrl?: URL | undefined;
  /** Express's `trust proxy`: which hops may say who the visitor is (X-Forwarded-For). */
  trustProxy?: boolean | number | string[];
  /** The CMS's publish webhook: its shared secret, and what a change purges. */
  webhook?: Pick<ContentWebhookOptions, 'secret' | 'purge'>;
  /** Folder of the image endpoint's made variants; without it there is no image endpoint. */
  imageCacheDir?: string;
  /** Most bytes of variants kept there (least recently served go first). */
  imageCacheMaxBytes?: number;
  /** Pages already rendered, answered before anything else looks at the request. */
  cachedPages?: (req: Request, res: Response, next: NextFunction) => void;
  /** Each visitor's fresh renders (`createRenderBudget`), shared with `cachedPages`; default: the handler's own. */
  renderBudget?: (client: string) => boolean;
  /** What the pages read (content client, page cache, public origin), from the composition root. */
  services?: SiteServices;
  /** The studio's logo, checked, as the source of its icons (without it: no icon endpoints). */
  marks?: MarkSource;
  /** Extra middleware placed before the pages (Vite's in development). */
  before?: Array<(req: Request, res: Response, next: NextFunction) => void>;
  /** The log (JSON lines, each request's with its id); default: stdout at `info`. */
  logging?: Logging;
  /** Where each request is counted (the metrics server's registry); default: nowhere. */
  metrics?: SiteMetrics;
  /** Private work, share links and what was seen (issue 39), from the composition root. */
  privacy?: {
    media: PrivateMedia;
    links: ShareLinks;
    guesses: GuessLimit;
    /** Where a share link's files are read from (the CMS's private files). */
    privateSource: MediaSource;
    views: PageViews;
  };
}

/** A path whose percent-encoding does not decode is the client's mistake: 400, not a stack trace. */
function refuseMalformedPaths(req: Request, res: Response, next: NextFunction) {
  try {
    decodeURIComponent(req.path);
  } catch {
    res.status(400).type('text/plain').set('cache-control', 'no-store').send('Bad Request: malformed URL encoding');
    return;
  }
  next();
}

/** The production server, in the order a request meets it: headers, limits, cached pages, health, media, webhook, assets, pages. */
export function createApp(options: AppOptions): Express {
  const app = express();
  const logging = options.logging ?? createLogging();
  const { logger } = logging;
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? 'loopback');
  // JSON answers escape <, > and & (as \u003c…): a text sent back (a refused one) is never markup.
  app.set('json escape', true);

  // First: the request's id (echoed, sent on to the CMS, on every log line), its access-log line
  // and its count; the load balancer's health checks are logged at debug only.
  const metrics = options.metrics;
  app.use(requestScope(logging, { routeOf: routeLabel, quiet: (path) => path === '/healthz', onFinish: metrics ? (request) => metrics.request(request) : undefined }));
  app.use(securityHeaders({ mode: options.mode, publicUrl: options.publicUrl }));
  app.use(refuseOddRequests);
  app.use(limitPerClient());
  app.use(refuseMalformedPaths);
  // Every page request's address, worked out once: what the cache looks up is what is rendered.
  app.use(pageRequests(options.build, { rereadBuild: options.mode === 'development' }));
  // A share link's page and files (issue 39): never cached, never indexed, its token looked up once.
  const privacy = options.privacy;
  if (privacy) app.use(shareGate({ links: privacy.links, guesses: privacy.guesses, log: lineLog(logger, 'error') }));
  // Draft preview from the CMS: before the cached pages, which a preview never reads or fills.
  app.use(previewRouter({ secret: options.previewSecret, secureCookies: options.publicUrl?.protocol === 'https:' }));
  app.use(previewMarker(options.previewSecret, options.previewFrameAncestors));
  if (options.cachedPages) app.use(options.cachedPages);
  // Everything after this is compressed on the way out when it is text (HTML, JSON, JS, CSS, SVG):
  // brotli where accepted, else gzip; pictures, video and the precompressed bundles are left as
  // they are. A rendered page streams through it; a stored one was compressed when stored.
  app.use(compression({ threshold: 1024, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } }));

  app.use(health());
  // Uploads from where the CMS keeps them (its folder or the bucket), on the site's own origin.
  const mediaUrl = mediaBaseUrl({ baseUrl: options.cmsUrl, mediaBaseUrl: options.mediaUrl });
  const relayOptions = { fetchImpl: withRequestId(fetch, logging.currentRequestId), log: { warn: lineLog(logger, 'warn'), error: lineLog(logger, 'error') } };
  // Files only private work uses are a 404 here; a share link's are served under its address.
  app.use('/uploads', mediaProxy(mediaUrl, { ...relayOptions, isPrivate: privacy?.media.isPrivate }));
  if (privacy) app.use(shareFiles({ ...relayOptions, source: privacy.privateSource }));
  if (options.imageCacheDir) {
    app.use(imageEndpoint({ mediaUrl, cacheDir: options.imageCacheDir, cacheMaxBytes: options.imageCacheMaxBytes, log: lineLog(logger, 'error'), isPrivate: privacy?.media.isPrivate, privateSource: privacy?.privateSource }));
  }
  // What was seen (issue 39): a beacon from the pages of projects, articles and share links.
  if (privacy) app.use(privacy.views.router);
  app.use(contentWebhook({ ...(options.webhook ?? { secret: undefined, purge: () => ({ answers: 0, pages: 0 }) }), log: lineLog(logger, 'info') }));
  // The studio's icons and web app manifest, from its content (issue 37).
  if (options.services && options.marks) {
    app.use(studioAssets({ content: options.services.content, mediaUrl, marks: options.marks, ttlS: options.services.pageTtlS, log: lineLog(logger, 'warn') }));
  }

  for (const middleware of options.before ?? []) app.use(middleware);

  if (options.clientDir) {
    // Fingerprinted bundles never change; everything else in public/ revalidates hourly. Both are
    // served precompressed (brotli, gzip) as made at build time (scripts/precompress.mjs).
    // A folder is no address of the site: it goes on to the pages (the 404 page), never to
    // serve-static's redirect to a trailing slash, whose Location echoed the path asked for
    // (`/\evil.example/%2e%2e` became `Location: /\evil.example/%2e%2e/`, another site to a
    // browser; an outside review found it).
    const precompressed = { enableBrotli: true, orderPreference: ['br', 'gz'], index: false as const };
    const files = { index: false as const, redirect: false };
    app.use('/assets', expressStaticGzip(path.join(options.clientDir, 'assets'), { ...precompressed, serveStatic: { ...files, immutable: true, maxAge: '1y' } }));
    app.use(expressStaticGzip(options.clientDir, { ...precompressed, serveStatic: { ...files, maxAge: '1h' } }));
  }

  // Rendered at the site's own origin, never the request's Host (issue 36).
  const origin = options.services?.publicOrigin ?? options.publicUrl?.origin ?? 'http://localhost';
  app.all('/{*splat}', reactRouterHandler(options.build, options.mode, origin, options.services, options.renderBudget));

  // Last resort: never a stack trace to the visitor; client errors keep their 4xx.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 500;
    if (status >= 400 && status < 500) {
      if (!res.headersSent) res.status(status).type('text/plain').send('Bad Request');
      return;
    }
    logger.error({ err: error, method: req.method, path: loggedPath(req.originalUrl) }, 'request failed');
    if (!res.headersSent) res.status(500).type('text/plain').send('Internal Server Error');
    else res.end();
  });
  return app;
}
