import { data, redirect } from 'react-router';
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

/**
 * What a content entry's id can be: Strapi's are 24 lower-case letters and digits; this allows any
 * letters, digits, `_` and `-` up to 64. Anything else (a NUL, a slash, markup) names no entry.
 */
const DOCUMENT_ID = /^[\w-]{1,64}$/;

/**
 * The path's id must be one an entry can have, or it is the 404 page without asking the content
 * service (which refuses some with a 400, then taken for an outage: a 200 page, drawn anew each
 * time; an outside review found it). `?documentId=` other than the path's id: the page of that
 * documentId (spec 2: the query names the entry).
 */
export function checkDocumentId(url: URL, id: string, href: (documentId: string) => string): void {
  const documentId = url.searchParams.get('documentId');
  if (!DOCUMENT_ID.test(id) || (documentId && !DOCUMENT_ID.test(documentId))) throw data(null, { status: 404, statusText: 'Not Found' });
  if (documentId && documentId !== id) throw redirect(href(documentId));
}

/** A request for a document, not React Router's data for a move (`/x.data`, `/_.data`). */
export const isDocumentRequest = (request: Request) => !new URL(request.url).pathname.endsWith('.data');
