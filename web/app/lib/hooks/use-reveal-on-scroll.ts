import { useEffect, type RefObject } from 'react';
import { tokens } from '~/styles/tokens';

/** A batch of items that come into view together all start within two steps (0.4 s). */
const MAX_STAGGER_STEPS = 2;

/**
 * Spec 9's entrance (slide up and fade in, 0.5 s, 0.2 s later per index) applied to what the
 * visitor sees: the items on the first screen rise by index as the server rendered them, and each
 * item further down stays hidden until it scrolls into view, then rises with the others that
 * arrived with it, 0.2 s apart. Without JavaScript every item rises by index, as before.
 *
 * The list marks itself `data-reveal="scroll"`; an item gets `data-shown` (and `--reveal-delay`)
 * when it is to rise. `skip` shows everything at once (the landing's slide is their entrance).
 */
export function useRevealOnScroll(list: RefObject<HTMLElement | null>, itemsKey: unknown, skip = false): void {
  useEffect(() => {
    const root = list.current;
    if (!root) return;
    const items = Array.from(root.children) as HTMLElement[];
    if (skip || typeof IntersectionObserver !== 'function') {
      root.setAttribute('data-reveal', skip ? 'none' : 'index');
      return;
    }
    const show = (item: HTMLElement, delayMs: number) => {
      item.style.setProperty('--reveal-delay', `${delayMs}ms`);
      item.setAttribute('data-shown', '');
    };
    // Items on screen now keep the entrance they started with the first paint.
    const viewportHeight = window.innerHeight;
    const waiting = new Set<HTMLElement>();
    items.forEach((item, index) => {
      const { top, bottom } = item.getBoundingClientRect();
      if (bottom > 0 && top < viewportHeight) show(item, index * tokens.duration.tileStaggerMs);
      else waiting.add(item);
    });
    root.setAttribute('data-reveal', 'scroll');
    const observer = new IntersectionObserver((entries) => {
      const arrived = entries
        .filter((entry) => entry.isIntersecting && waiting.has(entry.target as HTMLElement))
        .map((entry) => entry.target as HTMLElement)
        .sort((a, b) => items.indexOf(a) - items.indexOf(b));
      arrived.forEach((item, position) => {
        waiting.delete(item);
        observer.unobserve(item);
        show(item, Math.min(position, MAX_STAGGER_STEPS) * tokens.duration.tileStaggerMs);
      });
    });
    waiting.forEach((item) => observer.observe(item));
    return () => observer.disconnect();
  }, [list, itemsKey, skip]);
}
