export interface Category {
  designType: string;
  icontype: string;
}

/** Spec 3: a synthetic first entry, designType ALL, icontype all. */
export const ALL_CATEGORY: Category = { designType: 'ALL', icontype: 'all' };

/** The project grid under a category filter (no parameter for ALL): shareable and reloadable. */
export function projectListHref(designType: string): string {
  return designType === ALL_CATEGORY.designType
    ? '/dailyPage/project'
    : `/dailyPage/project?${new URLSearchParams({ category: designType })}`;
}
