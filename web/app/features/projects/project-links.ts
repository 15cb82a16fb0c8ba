import { ALL_CATEGORY } from '~/lib/content/category';
import { PAGE, pageHref } from '~/pages';

/** A project's page: the documentId in the path and, as the spec has it, in the query; the filter kept. In the source language (`localePath` for another). */
export function projectDetailHref(documentId: string, category: string): string {
  const params = new URLSearchParams({ documentId });
  if (category !== ALL_CATEGORY.designType) params.set('category', category);
  return `${pageHref(PAGE.project, { id: documentId })}?${params}`;
}
