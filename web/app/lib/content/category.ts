import { PAGE } from '~/pages';
export interface Category {
  /** The category's name in the studio's source language: the filter's key in every language. */
  designType: string;
  icontype: string;
  /** The CMS's document (the same in every locale); none for ALL. */
  documentId?: string;
  /** What the drawer shows: the category's name in the page's language. */
  label?: string;
}

/** Spec 3: a synthetic first entry, designType ALL, icontype all. */
export const ALL_CATEGORY: Category = { designType: 'ALL', icontype: 'all' };

/** The project grid under a category filter (no parameter for ALL): shareable and reloadable. In the source language (`localePath` for another). */
export const projectListHref = (designType: string): string =>
  designType === ALL_CATEGORY.designType ? PAGE.projects : `${PAGE.projects}?${new URLSearchParams({ category: designType })}`;
