import { redirect } from 'react-router';
import { VIEWER_PARAM, viewerIndex } from '../media/media-viewer-url';

/**
 * A known parameter with a value no page has (a category that does not exist, a media item past
 * the end, a documentId other than the path's) is sent to the page's own address (302) instead of
 * being rendered and cached as a page of its own: the page cache cannot be flooded through them.
 */
export const without = (url: URL, name: string) => {
  const next = new URL(url);
  next.searchParams.delete(name);
  return `${next.pathname}${next.search}`;
};

/** `?media=` must name one of `count` items; otherwise the page without it. */
export function checkViewerParam(url: URL, count: number): void {
  if (url.searchParams.has(VIEWER_PARAM) && viewerIndex(url.search, count) === null) throw redirect(without(url, VIEWER_PARAM));
}

/** `?documentId=` other than the path's id: the page of that documentId (spec 2: the query names the entry). */
export function checkDocumentId(url: URL, id: string, href: (documentId: string) => string): void {
  const documentId = url.searchParams.get('documentId');
  if (documentId && documentId !== id) throw redirect(href(documentId));
}

/** A request for a document, not React Router's data for a move (`/x.data`, `/_.data`). */
export const isDocumentRequest = (request: Request) => !new URL(request.url).pathname.endsWith('.data');
