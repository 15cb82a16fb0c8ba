import { describe, expect, it } from 'vitest';
import { checkDocumentId } from './page-params.server';

const href = (id: string) => `/dailyPage/project/${id}?documentId=${id}`;
/** What `checkDocumentId` throws (a Response or React Router's data), or null. */
function thrown(address: string, id: string): { status: number; location?: string | null } | null {
  try {
    checkDocumentId(new URL(address, 'http://s'), id, href);
    return null;
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get('location') };
    return { status: (error as { init?: { status?: number } }).init?.status ?? -1 };
  }
}

describe("a page's documentId", () => {
  it('lets an id an entry can have through, and sends a different query id to its own page', () => {
    expect(thrown('/dailyPage/project/o8184r361q3n2zj8pflxsdmj?documentId=o8184r361q3n2zj8pflxsdmj', 'o8184r361q3n2zj8pflxsdmj')).toBeNull();
    expect(thrown('/dailyPage/project/abc', 'abc')).toBeNull();
    expect(thrown('/dailyPage/project/abc?documentId=def', 'abc')).toEqual({ status: 302, location: href('def') });
  });

  it('is the 404 page for an id no entry can have, in the path or the query', () => {
    for (const id of ['\u0000', 'a\u0000b', 'a/b', '<script>', 'x'.repeat(65), '']) expect(thrown('/dailyPage/project/x', id), JSON.stringify(id)).toEqual({ status: 404 });
    expect(thrown('/dailyPage/project/abc?documentId=%00', 'abc')).toEqual({ status: 404 });
  });
});
