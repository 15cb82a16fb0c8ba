import { Link } from 'react-router';
import { projectListHref, type Category } from '../../../lib/category';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { Drawer } from './drawer';
import styles from './menu-list.module.css';
import { UI } from '../../../lib/ui-text';

interface CategoryDrawerProps {
  open: boolean;
  categories: Category[];
  active: string;
  onClose: () => void;
}

/** The project grid's filter: ALL first, then the studio's categories. The choice lives in the URL. */
export function CategoryDrawer({ open, categories, active, onClose }: CategoryDrawerProps) {
  const reducedMotion = useReducedMotion();
  return (
    <Drawer id="category-drawer" side="right" label={UI.projectCategories} open={open} onClose={onClose}>
      <nav aria-label={UI.projectCategories}>
        <ul className={styles.list}>
          {categories.map((category) => (
            <li key={category.designType}>
              <Link
                to={projectListHref(category.designType)}
                className={styles.item}
                aria-current={category.designType === active ? 'page' : undefined}
                onClick={onClose}
                prefetch="intent"
                viewTransition={!reducedMotion}
              >
                {category.designType}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Drawer>
  );
}
