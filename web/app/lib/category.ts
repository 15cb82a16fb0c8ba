import { localePath, type Language } from './language';

export interface Category {
  designType: string;
  icontype: string;
  /** What the drawer shows: the designType, translated on the English pages (the filter keeps the designType). */
  label?: string;
}

/** Spec 3: a synthetic first entry, designType ALL, icontype all. */
export const ALL_CATEGORY: Category = { designType: 'ALL', icontype: 'all' };

/** The project grid under a category filter (no parameter for ALL): shareable and reloadable. */
export function projectListHref(designType: string, language: Language = 'zh'): string {
  return localePath(
    designType === ALL_CATEGORY.designType ? '/dailyPage/project' : `/dailyPage/project?${new URLSearchParams({ category: designType })}`,
    language,
  );
}
