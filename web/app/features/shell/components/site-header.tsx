import { memo, type ReactNode } from 'react';
import { QuietLink } from '~/lib/navigation/quiet-link';
import { Logo } from '~/components/logo';
import { MenuToggle } from './menu-toggle';
import styles from './site-header.module.css';
import { useUi } from '~/lib/language/ui-text';
import { useLocalePath } from '~/lib/language/language';

interface SiteHeaderProps {
  menuOpen: boolean;
  categoriesOpen: boolean;
  showCategoryFilter: boolean;
  onToggleMenu: () => void;
  onToggleCategories: () => void;
  onLogo: () => void;
  /** Room for header controls added by other features (the translation toggle). */
  extra?: ReactNode;
}

/** Spec 2: fixed 60px header, menu toggle, centred logo, category filter (PROJECTS only). */
export const SiteHeader = memo(function SiteHeader(props: SiteHeaderProps) {
  const { ui, studio, fill } = useUi();
  const href = useLocalePath();
  return (
    <header className={styles.header}>
      <MenuToggle open={props.menuOpen} onToggle={props.onToggleMenu} />
      {/* Named by what it shows and where it goes (the visible name first, WCAG 2.5.3). */}
      <QuietLink to={href('/login')} className={styles.logo} onClick={props.onLogo}>
        <Logo />
        <span className="visually-hidden">{fill('studioHome', { studio: studio.name })}</span>
      </QuietLink>
      <div className={styles.actions}>
        {props.showCategoryFilter ? (
          <button
            type="button"
            className={styles.filter}
            aria-label={ui.filterCategories}
            aria-expanded={props.categoriesOpen}
            aria-controls="category-drawer"
            onClick={props.onToggleCategories}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M3 5h18l-7 8.5V20l-4-2v-4.5z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
            </svg>
          </button>
        ) : (
          <span className={styles.filterSlot} aria-hidden="true" />
        )}
        {props.extra}
      </div>
    </header>
  );
});
