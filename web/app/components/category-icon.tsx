import type { ReactNode } from 'react';

/**
 * The small set of category icons the site ships (spec 3: each category has an `icontype`; issue
 * 37: the drawer draws it). Line drawings on a 20 px grid, each spanning about 14 of it so they
 * read at one size, in the text's colour (red with their item on hover and when active). `all`
 * is the synthetic ALL entry's.
 */
const ICONS: Readonly<Record<string, ReactNode>> = {
  all: (
    <>
      <rect x="3" y="3" width="6" height="6" />
      <rect x="11" y="3" width="6" height="6" />
      <rect x="3" y="11" width="6" height="6" />
      <rect x="11" y="11" width="6" height="6" />
    </>
  ),
  // A label (a brand is what a thing is called and known by).
  brand: (
    <>
      <path d="M3 10V3.5a.5.5 0 0 1 .5-.5H10l7 7-7 7Z" />
      <circle cx="7" cy="7" r="1.3" />
    </>
  ),
  space: (
    <>
      <path d="M3 17V8l7-5 7 5v9Z" />
      <path d="M8 17v-5h4v5" />
    </>
  ),
  package: (
    <>
      <path d="M3 6.5 10 3l7 3.5v7L10 17l-7-3.5Z" />
      <path d="M3 6.5 10 10l7-3.5M10 10v7" />
    </>
  ),
  digital: (
    <>
      <rect x="2.5" y="4" width="15" height="10" rx="1" />
      <path d="M7 17h6M10 14v3" />
    </>
  ),
  illustration: (
    <>
      <path d="M3 17l1.2-4.5L13.5 3.2l3.3 3.3-9.3 9.3Z" />
      <path d="M11.5 5.2l3.3 3.3" />
    </>
  ),
  type: <path d="M3 5.5V3h14v2.5M10 3v14M6.5 17h7" />,
  photography: (
    <>
      <rect x="2.5" y="5.5" width="15" height="11" rx="1" />
      <circle cx="10" cy="11" r="3" />
      <path d="M7 5.5 8 3.5h4l1 2" />
    </>
  ),
  motion: (
    <>
      <rect x="2.5" y="4.5" width="15" height="11" rx="1" />
      <path d="m8.5 7.5 4 2.5-4 2.5Z" />
    </>
  ),
};

/** The icon keys a category may name (the CMS's editors see these listed). */
export const CATEGORY_ICON_KEYS: readonly string[] = Object.keys(ICONS);

/** Whether the site has an icon for `icontype`. */
export const hasCategoryIcon = (icontype: string): boolean => Object.hasOwn(ICONS, icontype);

/** A category's icon, decorative beside its name; nothing for a key the site has no icon for. */
export function CategoryIcon({ icontype, className }: { icontype: string; className?: string }) {
  if (!hasCategoryIcon(icontype)) return null;
  return (
    <svg className={className} viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round">
      {ICONS[icontype]}
    </svg>
  );
}
