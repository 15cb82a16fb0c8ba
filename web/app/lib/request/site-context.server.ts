import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import type { ContentClient } from '../content/content-api';

/**
 * What the pages need from the server, made once by the composition root (`server/compose.ts`)
 * and handed to every request through React Router's context: loaders and middleware read it
 * here, never from module singletons, so a test builds a site with stand-ins the same way.
 */
/** What a share link's token opens (issue 39): an item and its files, a link that no longer opens, or nothing. */
export type ShareGrant =
  | { state: 'valid'; hash: string; kind: 'project' | 'article'; documentId: string; keys: ReadonlySet<string> }
  | { state: 'gone'; hash: string }
  | { state: 'unknown' };

export interface SiteServices {
  /** The one client of the CMS, through the content store (caches, deadline, last good copy). */
  content: ContentClient;
  /** Share links (issue 39): what a token opens, asked of the CMS by its hash, kept for seconds. */
  shares: { resolve(token: string): Promise<ShareGrant> };
  /**
   * The page cache in front of every render (the root route's middleware): a fresh copy of the
   * page, or a render that is then kept (`server/pages/page-cache-middleware.ts`).
   */
  pageCache: MiddlewareFunction<Response>;
  /** How long a page or answer counts as fresh, seconds (Cache-Control). */
  pageTtlS: number;
  /** The site's public origin (PUBLIC_URL): canonical links, previews, the sitemap. */
  publicOrigin: string;
  /** The face of the studio's wordmark, cut from its letters (`server/studio/wordmark-face.ts`). */
  wordmarkFace: (letters: string) => Promise<{ href: string; css: string }>;
  /** A warning the log needs once per process, however many pages meet it (keyed by what it is about). */
  warnOnce: (key: string, line: string) => void;
  /** Where the pages' server-side error lines go (the server's log; the console by default). */
  log?: (line: string) => void;
}

export const siteContext = createContext<SiteServices>();

/** Where a loader writes its error lines for this request (the site's log, with the request's id). */
export const logContext = createContext<(line: string) => void>((line) => consoleLog(line));

/** Where error lines go when no server gave a log (a test, a script): the console. The one fallback. */
export const consoleLog = (line: string): void => console.error(line);

/**
 * What the share link in this request's address opens, as the server's gate already asked the CMS
 * (issue 39): the page uses it rather than asking again (which a guess would cost twice). `null`
 * when the gate did not answer, not `undefined`: React Router's `context.get` throws for a context
 * with neither a value nor a default, and the page must answer then too (it asks itself).
 */
export const shareGrantContext = createContext<ShareGrant | null>(null);

/** The visitor's address (behind a trusted proxy, the one it reports), set by the server per request. */
export const visitorContext = createContext<string>('unknown');

/** The site's services for this request. */
export const siteServices = (context: Readonly<RouterContextProvider>): SiteServices => context.get(siteContext);
