import { useLayoutEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

/**
 * While `active`, keeps keyboard focus inside `container` (Tab and Shift+Tab wrap), closes on
 * Escape, and when it ends returns focus to the element that had it before; when nothing had it
 * (an overlay open on arrival, from a shared link), to `returnTo()`, the control that opens what it
 * showed last.
 *
 * The trap starts in a layout effect, in the commit that draws the overlay: an overlay opened by a
 * navigation (the viewer) is committed in a transition, whose effects run in a task after it is
 * drawn, and a Tab pressed in between would move through the page behind it. `onEscape` is read
 * when Escape is pressed, so a caller's new function does not restart the trap (a restart would
 * move focus back to the first control and lose the opener).
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape: () => void,
  returnTo?: () => HTMLElement | null | undefined,
): void {
  const escape = useRef(onEscape);
  const fallback = useRef(returnTo);
  useLayoutEffect(() => {
    escape.current = onEscape;
    fallback.current = returnTo;
  });

  useLayoutEffect(() => {
    const element = container.current;
    if (!active || !element) return;
    const focused = document.activeElement;
    const opener = focused instanceof HTMLElement && focused !== document.body ? focused : null;
    const focusables = () => Array.from(element.querySelectorAll<HTMLElement>(FOCUSABLE));
    (focusables()[0] ?? element).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        escape.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (event.shiftKey && (document.activeElement === first || !element.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !element.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      // Give focus back unless the visitor already moved it elsewhere (e.g. opened another panel).
      const current = document.activeElement;
      const stayedHere = !current || current === document.body || element.contains(current);
      if (!stayedHere) return;
      const target = opener?.isConnected ? opener : fallback.current?.();
      target?.focus();
    };
  }, [active, container]);
}
