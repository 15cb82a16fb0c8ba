import { memo, startTransition, useEffect, useState } from 'react';
import { QuietLink } from '~/lib/navigation/quiet-link';
import { CategoryIcon } from '~/components/category-icon';
import { projectListHref, type Category } from '~/lib/content/category';
import { fetchAheadOnIntent } from '~/lib/hooks/use-fetch-ahead';
import { Drawer } from './drawer';
import styles from './menu-list.module.css';
import { useUi } from '~/lib/language/ui-text';
import { useLocalePath, useTextLang } from '~/lib/language/language';

interface CategoryDrawerProps {
  open: boolean;
  categories: Category[];
  active: string;
  onClose: () => void;
}

/**
 * The project grid's filter: ALL first, then the studio's categories. The choice lives in the URL.
 * The list is drawn once the page is alive (the drawer needs the scripts to open): not in the
 * document, where it was a tenth of what held a phone's grid past TCP's first window (decision
 * 022, twenty-first pass). A crawler that runs scripts finds the links as before.
 */
export const CategoryDrawer = memo(function CategoryDrawer({ open, categories, active, onClose }: CategoryDrawerProps) {
  const { ui } = useUi();
  const localize = useLocalePath();
  const textLang = useTextLang();
  // Drawn once the page is alive, in a transition: the links are made between other work, not in
  // the task right after hydrating, which cannot yield (`useHydrated` re-renders synchronously).
  // And at once when the drawer opens before that (a tap made before the scripts ran, replayed).
  const [alive, setAlive] = useState(false);
  useEffect(() => startTransition(() => setAlive(true)), []);
  const drawn = alive || open;
  return (
    <Drawer id="category-drawer" side="right" label={ui.projectCategories} open={open} onClose={onClose}>
      <nav aria-label={ui.projectCategories}>
        <ul className={styles.list}>
          {drawn && categories.map((category) => (
            <li key={category.designType}>
              <QuietLink
                to={localize(projectListHref(category.designType))}
                className={styles.item}
                aria-current={category.designType === active ? 'page' : undefined}
                onClick={onClose}
                viewTransition
                {...fetchAheadOnIntent(localize(projectListHref(category.designType)))}
              >
                <CategoryIcon icontype={category.icontype} className={styles.icon} />
                <span {...textLang(category.label ?? category.designType)}>{category.label ?? category.designType}</span>
              </QuietLink>
            </li>
          ))}
        </ul>
      </nav>
    </Drawer>
  );
});
