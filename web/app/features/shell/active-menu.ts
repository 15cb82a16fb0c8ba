import { PAGE, DAILY_PAGE } from '~/pages';
/** Spec 4: the active menu (PROJECTS, TOPICS, PROFILE), kept in session storage, default PROJECTS. */
export type MenuKey = 'PROJECTS' | 'TOPICS' | 'PROFILE';

export const MENU_ITEMS: ReadonlyArray<{ key: MenuKey; to: string }> = [
  { key: 'PROJECTS', to: PAGE.projects },
  { key: 'TOPICS', to: PAGE.articles },
  { key: 'PROFILE', to: PAGE.profile },
];

export const DEFAULT_MENU: MenuKey = 'PROJECTS';
export const ACTIVE_MENU_STORAGE_KEY = 'studio.activeMenu';

const isMenuKey = (value: unknown): value is MenuKey => MENU_ITEMS.some((item) => item.key === value);

/**
 * The menu a shell path belongs to, in any language (the shell's addresses, or a locale's under its prefix);
 * the URL always wins over what was stored.
 */
export function menuForPath(pathname: string): MenuKey | null {
  const parts = pathname.split('/');
  const at = parts[1] === DAILY_PAGE ? 1 : parts[2] === DAILY_PAGE ? 2 : -1;
  const section = at < 0 ? undefined : parts[at + 1];
  if (section === 'project') return 'PROJECTS';
  if (section === 'article') return 'TOPICS';
  if (section === 'profile') return 'PROFILE';
  return null;
}

export function readStoredMenu(storage: Pick<Storage, 'getItem'> | undefined): MenuKey {
  try {
    const value = storage?.getItem(ACTIVE_MENU_STORAGE_KEY);
    return isMenuKey(value) ? value : DEFAULT_MENU;
  } catch {
    return DEFAULT_MENU; // storage can be blocked (private mode, sandboxed frames)
  }
}

export function storeMenu(storage: Pick<Storage, 'setItem'> | undefined, menu: MenuKey): void {
  try {
    storage?.setItem(ACTIVE_MENU_STORAGE_KEY, menu);
  } catch {
    // not persisted this time; the URL still shows the right menu
  }
}
