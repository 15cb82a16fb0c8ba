/**
 * Content-service settings (spec sections 7 and 9): one place for the base address, timeout and
 * retry policy. Read on the server only.
 */
export interface ContentConfig {
  baseUrl: string;
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
  /** Most calls to the CMS in flight at once; further calls wait their turn. */
  maxConnections: number;
  /**
   * Where the uploads are read from: the CMS's /uploads, or the public URL of the bucket the CMS
   * keeps them in (S3_*, issue 29). Either way they reach visitors as the site's own /uploads/<key>.
   */
  mediaBaseUrl?: string;
  /** SITE_WEBHOOK_SECRET: shown to the CMS only when reading a share link's item (issue 39). */
  siteSecret?: string;
}

/** The base URL uploads are read from (no trailing slash): the bucket's, or the CMS's /uploads. */
export const mediaBaseUrl = (config: Pick<ContentConfig, 'baseUrl' | 'mediaBaseUrl'>): string => config.mediaBaseUrl ?? `${config.baseUrl}/uploads`;

export const CONTENT_DEFAULTS = {
  baseUrl: 'http://127.0.0.1:1337',
  timeoutMs: 300_000, // spec 9: request timeout
  retries: 3, // spec 9: the calls marked "retried" try 3 more times
  retryDelayMs: 1_000, // spec 9: 1000 ms apart
  maxConnections: 16,
} as const satisfies ContentConfig;
