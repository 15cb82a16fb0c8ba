export interface Category {
  designType: string;
  icontype: string;
}

/** Spec 3: a synthetic first entry, designType ALL, icontype all. */
export const ALL_CATEGORY: Category = { designType: 'ALL', icontype: 'all' };
