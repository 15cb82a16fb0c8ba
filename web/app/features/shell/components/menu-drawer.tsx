import { memo, useEffect } from 'react';
import { QuietLink } from '~/lib/navigation/quiet-link';
import { fetchAheadOnIntent } from '~/lib/hooks/use-fetch-ahead';
import { fetchAhead, mayFetchAhead } from '~/lib/navigation/fetch-ahead';
import { MENU_ITEMS, type MenuKey } from '../active-menu';
import { Drawer } from './drawer';
import styles from './menu-list.module.css';
import { useUi } from '~/lib/language/ui-text';
import { useLocalePath } from '~/lib/language/language';

interface MenuDrawerProps {
  open: boolean;
  active: MenuKey;
  contactOpen: boolean;
  onChoose: (menu: MenuKey) => void;
  onContact: () => void;
  onClose: () => void;
}

/** Spec 2: PROJECTS, TOPICS, PROFILE, and CONTACT (which opens the overlay); active in red. */
export const MenuDrawer = memo(function MenuDrawer({ open, active, contactOpen, onChoose, onContact, onClose }: MenuDrawerProps) {
  const { ui } = useUi();
  const href = useLocalePath();
  // Opening the menu is an intent on its pages (not with Save-Data): their data and code come at
  // once, as for a pointer resting on an item. A window's quick click on TOPICS or PROFILE otherwise
  // waited for both, asked for only when the pointer rested on the item (decision 022).
  useEffect(() => {
    if (!open || !mayFetchAhead()) return;
    for (const item of MENU_ITEMS) {
      const page = href(item.to);
      if (page !== location.pathname) fetchAhead(page, { intent: true });
    }
  }, [open, href]);
  return (
    <Drawer id="menu-drawer" side="left" label={ui.mainMenu} open={open} onClose={onClose}>
      <nav aria-label={ui.mainMenu}>
        <ul className={styles.list}>
          {MENU_ITEMS.map((item) => (
            <li key={item.key}>
              <QuietLink
                to={href(item.to)}
                className={styles.item}
                aria-current={item.key === active ? 'page' : undefined}
                onClick={() => onChoose(item.key)}
                {...fetchAheadOnIntent(href(item.to))}
              >
                {item.key}
              </QuietLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              className={styles.item}
              aria-haspopup="dialog"
              aria-expanded={contactOpen}
              aria-controls="contact-overlay"
              onClick={onContact}
            >
              CONTACT
            </button>
          </li>
        </ul>
      </nav>
    </Drawer>
  );
});
