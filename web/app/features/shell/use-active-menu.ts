import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { DEFAULT_MENU, menuForPath, readStoredMenu, storeMenu, type MenuKey } from './active-menu';

const sessionStore = () => (typeof window === 'undefined' ? undefined : window.sessionStorage);
// Session storage belongs to this tab only: nothing else changes it while the page is open.
const subscribe = () => () => {};

/**
 * The active menu: the URL decides when it names a section; otherwise the one kept in session
 * storage (default PROJECTS). Whatever is shown is written back, so reloads restore it.
 */
export function useActiveMenu(): MenuKey {
  const { pathname } = useLocation();
  const stored = useSyncExternalStore(subscribe, () => readStoredMenu(sessionStore()), () => DEFAULT_MENU);
  const active = menuForPath(pathname) ?? stored;
  useEffect(() => storeMenu(sessionStore(), active), [active]);
  return active;
}

/** The logo selects PROJECTS on its way to the landing page (spec 2). */
export const selectProjectsMenu = () => storeMenu(sessionStore(), 'PROJECTS');
