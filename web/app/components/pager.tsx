import { useEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import styles from './pager.module.css';
import { PrefetchWhenIdle } from './prefetch-when-idle';
import { fetchAheadOnIntent } from '~/lib/hooks/use-fetch-ahead';
import { QuietLink } from '~/lib/navigation/quiet-link';
import { moveInTransition } from '~/lib/navigation/move-transition';
import { useUi } from '~/lib/language/ui-text';

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
        // The line overflows, or the list's name had to be cut to keep it (it shrinks first).
        const cut = (child: Element) => child.scrollWidth > child.clientWidth + 1;
        const overflows = cut(element) || [...element.children].some(cut);
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

/** How long a move to a neighbour may keep the page frozen on its picture. */
const NEIGHBOUR_FREEZE_MS = 300;

/** Previous / back to the list / next. Moving replaces the URL, so Back returns to the list. */
export function Pager({ previousHref, nextHref, backHref, state, labels }: PagerProps) {
  const { ui } = useUi();
  const navigate = useNavigate();
  const nav = useRef<HTMLElement>(null);
  useOneLine(nav);
  const { pathname } = useLocation();
  // A calm cross-fade between neighbours (issue 26), none with reduced motion, started at the tap
  // (`moveInTransition`). The page is frozen on its picture meanwhile, so at most 300 ms: a
  // neighbour not fetched ahead then simply appears when it arrives.
  const go = (href: string | null) => {
    if (!href) return;
    moveInTransition(() => void navigate(href, { replace: true, state, preventScrollReset: false }), { freezeMs: NEIGHBOUR_FREEZE_MS });
  };
  return (
    <nav ref={nav} className={styles.pager} aria-label={ui.pager}>
      <button type="button" className={styles.step} disabled={!previousHref} onClick={() => go(previousHref)}>
        <span className={styles.arrow} aria-hidden="true">
          ‹
        </span>
        <span className={styles.label}>{labels.previous}</span>
      </button>
      {/* Back to the list: this page's title and first picture go back into its tile. */}
      <QuietLink to={backHref} className={styles.back} viewTransition morph={pathname} {...fetchAheadOnIntent(backHref)}>
        {labels.back}
      </QuietLink>
      <button type="button" className={styles.step} disabled={!nextHref} onClick={() => go(nextHref)}>
        <span className={styles.label}>{labels.next}</span>
        <span className={styles.arrow} aria-hidden="true">
          ›
        </span>
      </button>
      {/* The neighbours and the list are fetched ahead once this page is idle: next, previous and
          Back (to the list) open at once. */}
      <PrefetchWhenIdle pages={[previousHref, nextHref, backHref]} />
    </nav>
  );
}
