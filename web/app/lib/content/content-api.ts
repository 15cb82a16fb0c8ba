import type { z } from 'zod';
import type { MediaOrigins } from '../media/media';
import { ContentError } from './content-error.server';

/**
 * What the pages ask of the content service (the port): the shape of a call and of the client the
 * composition root hands them (`siteServices(context).content`). The client itself, with its
 * connections, retries and caches, is the server's (`server/content/content-client.ts`).
 */
export { ContentError };

/**
 * Content-service settings (spec sections 7 and 9): the base address, timeout and retry policy
 * (the server's defaults: `server/content/content-client.ts`).
 */
export interface ContentConfig extends MediaOrigins {
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
  /** Most calls to the CMS in flight at once; further calls wait their turn. */
  maxConnections: number;
  /** SITE_WEBHOOK_SECRET: shown to the CMS only when reading a share link's item (issue 39). */
  siteSecret?: string;
}

export interface ContentRequest<T> {
  /** The call's name for logs, e.g. "GET /api/projects". */
  call: string;
  path: string;
  query?: Record<string, unknown>;
  /** zod schema of the response's `data`. */
  schema: z.ZodType<T>;
  /** Spec 7 marks some calls "retried": 3 more attempts, 1000 ms apart. */
  retried?: boolean;
  /** The visitor's request: when it is abandoned, the call (and its retries) stop. */
  signal?: AbortSignal;
  /** Draft preview: sent to the CMS, which then allows `status=draft`. */
  previewSecret?: string;
  /** The answer is the value itself, not `{ data }` (Strapi's plugin routes, e.g. the locales). */
  bare?: boolean;
  /**
   * A share link's item (issue 39): read with the site's secret, which lets the CMS answer for a
   * private one, published content only, never through the caches other visitors read.
   */
  privately?: boolean;
}

/** What every content call takes besides its own arguments. */
export interface CallOptions {
  /** The site's client (`siteServices(context).content` in a loader). */
  client: ContentClient;
  signal?: AbortSignal;
  /** The locale to read (issue 38; Strapi's default locale when not given). */
  locale?: string;
  /** A share link's item, private or not (issue 39): read with the site's secret, never cached. */
  privately?: boolean;
}

/** A content call's query in a locale (nothing added for none). */
export const inLocale = (query: Record<string, unknown>, locale: string | undefined): Record<string, unknown> => (locale ? { ...query, locale } : query);

/** The one client of the CMS, as a loader holds it. */
export interface ContentClient {
  /** Its base address, timeout and limits (media addresses are made from the base). */
  readonly config: ContentConfig;
  /** How many calls hold a connection, and how many wait for one. */
  connections(): { running: number; waiting: number };
  /** One call, through the caches unless it is a share link's item. */
  get<T>(request: ContentRequest<T>): Promise<T>;
  /**
   * This client for a draft preview (issue 16): the drafts of the types that have them, straight
   * from the CMS, never through a cache. The request handler gives it to a preview's loaders.
   */
  forPreview(secret: string): ContentClient;
}
