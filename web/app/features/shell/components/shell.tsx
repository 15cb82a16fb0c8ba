import { useCallback, useEffect, useReducer, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ALL_CATEGORY, type Category } from '~/lib/content/category';
import { menuForPath } from '../active-menu';
import { initialShellState, shellReducer } from '../shell-state';
import { selectProjectsMenu, useActiveMenu } from '../use-active-menu';
import { CategoryDrawer } from './category-drawer';
import { ContactOverlay } from './contact-overlay';
import { MenuDrawer } from './menu-drawer';
import styles from './shell.module.css';
import { SiteHeader } from './site-header';
import { useUi } from '~/lib/language/ui-text';
import { FallbackNotice } from '~/components/fallback-notice';

interface ShellProps {
  categories: Category[];
  contact: ReactNode;
  /** The visitor is about to open the contact panel (its menu opened): fetch what it draws. */
  onContactIntent?: () => Promise<unknown>;
  headerExtra?: ReactNode;
  children: ReactNode;
}

/**
 * Spec 2, the shell (`PAGE.shell`): header, menu drawer, category drawer, contact overlay, page
 * content. It follows the address (the active menu and category); its header and panels are
 * memoised with steady handlers, so a move between its pages renders only what changed in them.
 */
export function Shell({ categories, contact, onContactIntent, headerExtra, children }: ShellProps) {
  const { ui } = useUi();
  const [state, dispatch] = useReducer(shellReducer, initialShellState);
  useEffect(() => {
    // Asked again at each opening until it has come; a panel opened while it cannot be had stays
    // empty, as missing details do, and is drawn at a later opening that brings it (LazyContactDetails).
    if (state.open === 'menu' || state.open === 'contact') onContactIntent?.().catch(() => {});
  }, [state.open, onContactIntent]);
  const activeMenu = useActiveMenu();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const activeCategory = params.get('category') ?? ALL_CATEGORY.designType;
  const toggleMenu = useCallback(() => dispatch({ type: 'toggle', panel: 'menu' }), []);
  const toggleCategories = useCallback(() => dispatch({ type: 'toggle', panel: 'categories' }), []);
  const chooseMenu = useCallback(() => dispatch({ type: 'chooseMenu' }), []);
  const openContact = useCallback(() => dispatch({ type: 'open', panel: 'contact' }), []);
  const close = useCallback(() => {
    dispatch({ type: 'close' });
    // Closed, a link to the panel (#contact) opens it again.
    if (window.location.hash === '#contact') window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);

  // Any navigation (menu item, category, back button) closes whatever was open.
  useEffect(() => dispatch({ type: 'chooseMenu' }), [pathname, activeCategory]);
  // A link to the contact panel itself (the CMS's preview of the contact details): #contact.
  // Also a link to it on the page (a share link that ended offers it, issue 39).
  useEffect(() => {
    const fromHash = () => {
      if (window.location.hash === '#contact') dispatch({ type: 'open', panel: 'contact' });
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, []);

  // The filter belongs to the projects' pages (the URL names them), not to a page that is not
  // there (the 404): on those pages the active menu is PROJECTS by the same rule.
  const projectsActive = menuForPath(pathname) === 'PROJECTS';
  const categoriesOpen = state.open === 'categories' && projectsActive;

  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#content">
        {ui.skipToContent}
      </a>
      <SiteHeader
        menuOpen={state.open === 'menu'}
        categoriesOpen={categoriesOpen}
        showCategoryFilter={projectsActive}
        onToggleMenu={toggleMenu}
        onToggleCategories={toggleCategories}
        onLogo={selectProjectsMenu}
        extra={headerExtra}
      />
      <MenuDrawer
        open={state.open === 'menu'}
        active={activeMenu}
        contactOpen={state.open === 'contact'}
        onChoose={chooseMenu}
        onContact={openContact}
        onClose={close}
      />
      {projectsActive && (
        <CategoryDrawer open={categoriesOpen} categories={categories} active={activeCategory} onClose={close} />
      )}
      <ContactOverlay open={state.open === 'contact'} onClose={close}>
        {contact}
      </ContactOverlay>
      <div id="content" className={styles.content} data-menu-open={state.open === 'menu'} data-shifted={categoriesOpen}>
        <FallbackNotice />
        {children}
      </div>
    </div>
  );
}
