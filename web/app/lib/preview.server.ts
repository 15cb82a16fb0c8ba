import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Draft preview (issue 16): a request from an editor who came through the CMS's "Open preview"
 * runs inside this scope. The content client then reads drafts straight from the CMS (never
 * through the caches), the page cache neither serves nor keeps the page, and the page shows the
 * preview marker. Set by the server (server/preview/preview.ts) from a signed cookie.
 */
export const previewScope = new AsyncLocalStorage<{ secret: string }>();

/** The preview secret when this request is a preview, else undefined. */
export const previewSecret = (): string | undefined => previewScope.getStore()?.secret;

export const isPreview = (): boolean => previewScope.getStore() !== undefined;
