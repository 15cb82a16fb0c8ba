import { useEffect, useRef, type RefObject } from 'react';
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

/**
 * Keeps the pager on one line in any language: when its labels do not fit (a phone, long English),
 * previous and next show only their arrows, their words kept for screen readers. Measured again
 * when the pager's width or text changes (the translation toggle rewrites the words in place).
 */
function useOneLine(nav: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = nav.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        element.setAttribute('data-compact', 'false');
        const overflows = element.scrollWidth > element.clientWidth + 1;
        element.setAttribute('data-compact', String(overflows));
      });
    };
    const resize = new ResizeObserver(measure);
    resize.observe(element);
    const text = new MutationObserver(measure);
    text.observe(element, { subtree: true, characterData: true, childList: true });
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      text.disconnect();
    };
  }, [nav]);
}

/** Previous / back to the list / next. Moving replaces the URL, so Back returns to the list. */
export function Pager({ previousHref, nextHref, backHref, state, labels }: PagerProps) {
  const navigate = useNavigate();
  const nav = useRef<HTMLElement>(null);
  useOneLine(nav);
  const go = (href: string | null) => {
    if (href) navigate(href, { replace: true, state, preventScrollReset: false });
  };
  return (
    <nav ref={nav} className={styles.pager} aria-label={UI.pager}>
      <button type="button" className={styles.step} disabled={!previousHref} onClick={() => go(previousHref)}>
        <span className={styles.arrow} aria-hidden="true">
          ‹
        </span>
        <span className={styles.label}>{labels.previous}</span>
      </button>
      <Link to={backHref} className={styles.back}>
        {labels.back}
      </Link>
      <button type="button" className={styles.step} disabled={!nextHref} onClick={() => go(nextHref)}>
        <span className={styles.label}>{labels.next}</span>
        <span className={styles.arrow} aria-hidden="true">
          ›
        </span>
      </button>
    </nav>
  );
}
