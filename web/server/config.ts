import path from 'node:path';
import { z } from 'zod';
import { CONTENT_DEFAULTS } from './content/content-client';
import { LOG_LEVELS } from './observability/logger';
import { mediaBaseUrl } from '~/lib/media/media';

/**
 * `trust proxy` from TRUST_PROXY: "false" (no proxy: the peer address is the visitor), "true"
 * (trust every hop: only behind a proxy that overwrites X-Forwarded-For), a hop count ("1"), or
 * addresses and subnets ("loopback", "10.0.0.0/8, 192.168.1.5"). Default: loopback, for a reverse
 * proxy on the same machine.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const text = (value ?? 'loopback').trim();
  if (text === 'true') return true;
  if (text === 'false' || text === '') return false;
  if (/^\d+$/.test(text)) return Number(text);
  return text.split(',').map((part) => part.trim()).filter(Boolean);
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  // Loopback unless told otherwise: a reverse proxy on the same machine faces the internet.
  HOST: z.string().default('127.0.0.1'),
  IMAGE_CACHE_DIR: z.string().default('.data/images'),
  IMAGE_CACHE_MAX_MB: z.coerce.number().int().min(16).default(1024),
  TRUST_PROXY: z.string().optional(),
  // The address visitors use, e.g. https://studio.example; https:// turns on HSTS and the redirect.
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// address' }).optional(),
  SITE_WEBHOOK_SECRET: z.string().min(16, 'SITE_WEBHOOK_SECRET must be at least 16 characters').optional(),
  PREVIEW_SECRET: z.string().min(16, 'PREVIEW_SECRET must be at least 16 characters').optional(),
  // Where editors open the admin, whose preview panel frames the site (default: CMS_URL's origin).
  CMS_ADMIN_ORIGINS: z.string().optional(),
  CMS_URL: z.url().default(CONTENT_DEFAULTS.baseUrl),
  CONTENT_TTL_S: z.coerce.number().min(0).default(60),
  CONTENT_DEADLINE_MS: z.coerce.number().min(50).max(300_000).default(1_500),
  CONTENT_CACHE_MAX_ENTRIES: z.coerce.number().int().min(10).default(1_000),
  CONTENT_CACHE_FILE: z.string().default('.data/content.db'),
  // The longest the site waits, before it opens its port, for the CMS and its main pages (warm-up.ts); 0: not at all.
  WARM_UP_S: z.coerce.number().min(0).max(300).default(20),
  CMS_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000).default(CONTENT_DEFAULTS.maxConnections),
  // Shared state for several instances (server/compose.ts); none when unset.
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// address' }).optional(),
  REDIS_PREFIX: z.string().max(100).default('studio:'),
  // The CMS's media bucket (issue 29): the site reads the public objects, never with the keys.
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Prometheus metrics on a port of their own (never the site's); none when unset (issue 29).
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  // The log's threshold (JSON lines on stdout); `silent` writes none.
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
}).refine((values) => values.METRICS_PORT === undefined || values.METRICS_PORT === 0 || values.METRICS_PORT !== values.PORT, {
  message: 'METRICS_PORT must differ from PORT: the metrics are never served on the public site',
  path: ['METRICS_PORT'],
});

/**
 * Where the site reads uploads from: the bucket's public URL when the CMS keeps them in one (the
 * same rule as the CMS's, cms/src/utils/media-storage.ts), else the CMS's own /uploads.
 */
export function mediaSource(values: { CMS_URL: string; S3_BUCKET?: string; S3_ENDPOINT?: string; S3_REGION: string; S3_FORCE_PATH_STYLE?: string; S3_PUBLIC_URL?: string }): string {
  const cms = values.CMS_URL.replace(/\/+$/, '');
  if (!values.S3_BUCKET) return mediaBaseUrl({ baseUrl: cms });
  if (values.S3_PUBLIC_URL) return values.S3_PUBLIC_URL.replace(/\/+$/, '');
  const endpoint = new URL(values.S3_ENDPOINT ?? `https://s3.${values.S3_REGION}.amazonaws.com`);
  if (values.S3_FORCE_PATH_STYLE === 'true' || values.S3_FORCE_PATH_STYLE === '1') return `${endpoint.href.replace(/\/+$/, '')}/${values.S3_BUCKET}`;
  return `${endpoint.protocol}//${values.S3_BUCKET}.${endpoint.host}${endpoint.pathname.replace(/\/+$/, '')}`;
}

/**
 * The site's settings, read once from the environment: the only place in `web/` (tests and build
 * scripts aside) that reads `process.env`. Everything else receives what it needs from the
 * composition root (`compose.ts`). A bad value stops the start with a message naming it.
 */
export function serverConfig(env: Record<string, string | undefined> = process.env) {
  // An empty variable counts as unset.
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) throw new Error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  const values = parsed.data;
  return {
    port: values.PORT,
    host: values.HOST,
    content: {
      ...CONTENT_DEFAULTS,
      baseUrl: values.CMS_URL.replace(/\/+$/, ''),
      mediaBaseUrl: mediaSource(values),
      maxConnections: values.CMS_MAX_CONNECTIONS,
      siteSecret: values.SITE_WEBHOOK_SECRET,
    },
    contentCache: {
      ttlMs: values.CONTENT_TTL_S * 1000,
      deadlineMs: values.CONTENT_DEADLINE_MS,
      maxEntries: values.CONTENT_CACHE_MAX_ENTRIES,
      file: path.resolve(values.CONTENT_CACHE_FILE),
    },
    warmUpMs: values.WARM_UP_S * 1000,
    redis: values.REDIS_URL ? { url: values.REDIS_URL, prefix: values.REDIS_PREFIX } : undefined,
    imageCacheDir: path.resolve(values.IMAGE_CACHE_DIR),
    imageCacheMaxBytes: values.IMAGE_CACHE_MAX_MB * 1024 * 1024,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    publicUrl: values.PUBLIC_URL ? new URL(values.PUBLIC_URL) : undefined,
    // Canonical links, previews and the sitemap name it; never the request's Host (pages are cached).
    publicOrigin: values.PUBLIC_URL ? new URL(values.PUBLIC_URL).origin : `http://localhost:${values.PORT}`,
    webhookSecret: values.SITE_WEBHOOK_SECRET,
    previewSecret: values.PREVIEW_SECRET,
    previewFrameAncestors: adminOrigins(values.CMS_ADMIN_ORIGINS, values.CMS_URL),
    logLevel: values.LOG_LEVEL,
    metrics: values.METRICS_PORT !== undefined ? { port: values.METRICS_PORT, host: values.METRICS_HOST } : undefined,
  };
}

/** The admin's origins: listed, or CMS_URL's (with its localhost twin, as a browser names it). */
function adminOrigins(listed: string | undefined, cmsUrl: string): string[] {
  if (listed) return listed.split(/[\s,]+/).filter((origin) => /^https?:\/\/[^/\s;']+$/.test(origin));
  const origin = new URL(cmsUrl).origin;
  return [...new Set([origin, origin.replace('//127.0.0.1', '//localhost'), origin.replace('//localhost', '//127.0.0.1')])];
}

export type ServerConfig = ReturnType<typeof serverConfig>;
