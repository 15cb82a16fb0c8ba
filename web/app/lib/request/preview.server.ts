import { createContext, type RouterContextProvider } from 'react-router';

/**
 * Draft preview (issue 16): set by the request handler for a request from an editor who came
 * through the CMS's "Open preview" (a signed cookie, server/preview/preview.ts). Its loaders then
 * hold a content client that reads drafts straight from the CMS (never through the caches), the
 * page cache neither serves nor keeps the page, and the page shows the preview marker.
 */
export const previewContext = createContext<{ secret: string } | null>(null);

export const isPreview = (context: Readonly<RouterContextProvider>): boolean => context.get(previewContext) !== null;
