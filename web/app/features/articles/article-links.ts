import { PAGE, pageHref } from '~/pages';
/** An article's page: the documentId in the path and, as the spec has it, in the query. In the source language (`localePath` for another). */
export const articleHref = (documentId: string) => `${pageHref(PAGE.article, { id: documentId })}?${new URLSearchParams({ documentId })}`;
