import { Link, useNavigate } from 'react-router';
import styles from './pager.module.css';
import { UI } from '../lib/ui-text';

interface PagerProps {
  previousHref: string | null;
  nextHref: string | null;
  backHref: string;
  /** Navigation state carried along (the list the visitor came from). */
  state: unknown;
  labels: { previous: string; back: string; next: string };
}

/** Previous / back to the list / next. Moving replaces the URL, so Back returns to the list. */
export function Pager({ previousHref, nextHref, backHref, state, labels }: PagerProps) {
  const navigate = useNavigate();
  const go = (href: string | null) => {
    if (href) navigate(href, { replace: true, state, preventScrollReset: false });
  };
  return (
    <nav className={styles.pager} aria-label={UI.pager}>
      <button type="button" className={styles.step} disabled={!previousHref} onClick={() => go(previousHref)}>
        <span aria-hidden="true">‹ </span>
        {labels.previous}
      </button>
      <Link to={backHref} className={styles.back}>
        {labels.back}
      </Link>
      <button type="button" className={styles.step} disabled={!nextHref} onClick={() => go(nextHref)}>
        {labels.next}
        <span aria-hidden="true"> ›</span>
      </button>
    </nav>
  );
}
