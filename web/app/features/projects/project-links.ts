import { ALL_CATEGORY } from '../../lib/category';
import { localePath, type Language } from '../../lib/language';

/** A project's page: the documentId in the path and, as the spec has it, in the query; the filter kept. */
export function projectDetailHref(documentId: string, category: string, language: Language = 'zh'): string {
  const params = new URLSearchParams({ documentId });
  if (category !== ALL_CATEGORY.designType) params.set('category', category);
  return localePath(`/dailyPage/project/${encodeURIComponent(documentId)}?${params}`, language);
}
