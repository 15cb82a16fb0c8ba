import { startTransition, useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { realRootPerTest } from '~/test/real-root';
import { useFocusTrap } from './use-focus-trap';

/**
 * A real root, outside `act`: the viewer opens with a navigation, which React commits in a
 * transition and whose effects run in a task after the overlay is drawn. A Tab pressed in that gap
 * must already be inside the overlay, not on the page behind it.
 */
describe('the overlays’ focus trap', () => {
  const view = realRootPerTest();
  let opener: HTMLButtonElement;

  beforeEach(() => {
    opener = document.createElement('button');
    opener.textContent = 'open';
    document.body.prepend(opener);
    opener.focus();
  });

  afterEach(() => opener.remove());

  let effectsRan = false;
  function Overlay({ open, onEscape, returnTo }: { open: boolean; onEscape: () => void; returnTo?: () => HTMLElement | null }) {
    const panel = useRef<HTMLDivElement>(null);
    useFocusTrap(panel, open, onEscape, returnTo);
    useEffect(() => {
      effectsRan = open;
    }, [open]);
    return open ? (
      <div ref={panel} role="dialog" aria-label="overlay">
        <button>first</button>
        <button>second</button>
      </div>
    ) : null;
  }

  const press = (key: string, init: KeyboardEventInit = {}) => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
    document.dispatchEvent(event);
    return event;
  };
  const focused = () => document.activeElement?.textContent;

  it('hold focus from the frame an overlay opened in a transition is drawn in', async () => {
    flushSync(() => view.root.render(<Overlay open={false} onEscape={() => {}} />));
    const drawn = new Promise<{ effectsRan: boolean; focused: string | null | undefined; tab: boolean }>((done) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[role="dialog"]')) return;
        observer.disconnect();
        // The visitor presses Tab at once: from the last control it wraps to the first.
        const before = focused();
        document.querySelectorAll('button')[2]?.focus();
        const tab = press('Tab').defaultPrevented;
        done({ effectsRan, focused: before, tab });
      });
      observer.observe(document.body, { subtree: true, childList: true });
    });
    startTransition(() => view.root.render(<Overlay open onEscape={() => {}} />));
    const seen = await drawn;
    expect(seen.effectsRan, 'the check ran after the overlay was drawn and before its effects').toBe(false);
    expect(seen.focused).toBe('first');
    expect(seen.tab).toBe(true);
    expect(focused()).toBe('first');
  });

  it('keep the control the visitor is on when the page draws again, and close with the latest handler', () => {
    const closed: string[] = [];
    flushSync(() => view.root.render(<Overlay open onEscape={() => closed.push('a')} />));
    expect(focused()).toBe('first');
    (document.querySelectorAll('button')[2] as HTMLButtonElement).focus();
    // The caller made a new handler (a render of its own): the trap stays where the visitor is.
    flushSync(() => view.root.render(<Overlay open onEscape={() => closed.push('b')} />));
    expect(focused()).toBe('second');
    press('Escape');
    expect(closed).toEqual(['b']);
    flushSync(() => view.root.render(<Overlay open={false} onEscape={() => {}} />));
    expect(document.activeElement).toBe(opener);
    // Closed, the trap lets keys be.
    expect(press('Tab').defaultPrevented).toBe(false);
  });

  it('give focus back to the opener, or, when the overlay was open on arrival, to the control it names', () => {
    const elsewhere = document.createElement('button');
    elsewhere.textContent = 'the item seen last';
    document.body.append(elsewhere);
    // Opened from the page: back to the opener, whatever `returnTo` names.
    flushSync(() => view.root.render(<Overlay open onEscape={() => {}} returnTo={() => elsewhere} />));
    flushSync(() => view.root.render(<Overlay open={false} onEscape={() => {}} returnTo={() => elsewhere} />));
    expect(document.activeElement).toBe(opener);
    // Open on arrival (a shared link): nothing had focus, so it goes to the control named.
    opener.blur();
    expect(document.activeElement).toBe(document.body);
    flushSync(() => view.root.render(<Overlay open onEscape={() => {}} returnTo={() => elsewhere} />));
    flushSync(() => view.root.render(<Overlay open={false} onEscape={() => {}} returnTo={() => elsewhere} />));
    expect(document.activeElement).toBe(elsewhere);
    elsewhere.remove();
  });
});
