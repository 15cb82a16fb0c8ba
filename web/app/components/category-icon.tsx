import type { ReactNode } from 'react';

/**
 * The small set of category icons the site ships (spec 3: each category has an `icontype`; issue
 * 37: the drawer draws it). Line drawings on a 20 px grid in the text's colour, so they turn red
 * with their item on hover and when active. `all` is the synthetic ALL entry's.
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
  brand: (
    <>
      <circle cx="10" cy="10" r="7" />
      <path d="M10 5.5 11.4 8.6 14.7 8.9 12.2 11.1 13 14.4 10 12.7 7 14.4 7.8 11.1 5.3 8.9 8.6 8.6Z" />
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
      <path d="M4 16l1-4 8-8 3 3-8 8Z" />
      <path d="M11.5 5.5l3 3" />
    </>
  ),
  type: <path d="M4 5V3.5h12V5M10 3.5V17M7.5 17h5" />,
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
    <svg className={className} viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" strokeLinecap="round">
      {ICONS[icontype]}
    </svg>
  );
}
