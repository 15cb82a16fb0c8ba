import { startTransition, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { realRootPerTest } from '~/test/real-root';
import type { Media } from '~/lib/media/media';
import { MediaViewer } from './media-viewer';

const item = (n: number): Media => ({ url: `/uploads/item-${n}.jpg`, kind: 'image', alt: `item ${n}`, width: 1600, height: 1200, placeholder: null, formats: [] });
const media = [0, 1, 2, 3].map(item);

/**
 * A real root, outside `act`: the router commits a move in a transition, and React runs the
 * effects of such a commit in a task after it. A key pressed in between (a fast hand on a slow
 * phone) must move from the item on screen, not from the one before it.
 */
describe('the full-screen viewer’s keys', () => {
  const view = realRootPerTest();

  const caption = () => document.body.querySelector('[role="dialog"]')?.textContent ?? '';

  /** The index whose commit has had its effects run: a probe for the gap the test presses in. */
  let effectsRanFor: number | null = null;
  function EffectProbe({ index }: { index: number }) {
    useEffect(() => {
      effectsRanFor = index;
    }, [index]);
    return null;
  }

  const press = (key: string, init: KeyboardEventInit = {}) => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
    document.dispatchEvent(event);
    return event;
  };

  it('move from the item on screen as soon as it is drawn, before the commit’s effects have run', async () => {
    const moves: number[] = [];
    const viewer = (index: number) => (
      <>
        <MediaViewer media={media} index={index} onMove={(next) => moves.push(next)} onClose={() => {}} label="viewer" title="A project" />
        <EffectProbe index={index} />
      </>
    );
    flushSync(() => view.root.render(viewer(2)));
    expect(caption()).toContain('3 / 4');

    // The router draws the first item (the visitor pressed Home); the moment it is on screen, and
    // before that commit's effects have run, the visitor presses ArrowLeft: at the first item, it
    // goes nowhere.
    const pressed = new Promise<number | null>((done) => {
      const observer = new MutationObserver(() => {
        if (!caption().includes('1 / 4')) return;
        observer.disconnect();
        const ranFor = effectsRanFor;
        press('ArrowLeft');
        done(ranFor);
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    startTransition(() => view.root.render(viewer(0)));
    expect(await pressed, 'the key came after the new item was drawn and before its effects ran').toBe(2);
    expect(moves).toEqual([]);

    // And ArrowRight from there goes to the second, not to the fourth.
    press('ArrowRight');
    expect(moves).toEqual([1]);
  });

  it('lose no press made before a move is drawn, and leave the browser’s own shortcuts alone', () => {
    const moves: number[] = [];
    // The router has not drawn any of these moves yet: the viewer stays at the first item.
    flushSync(() => view.root.render(<MediaViewer media={media} index={0} onMove={(next) => moves.push(next)} onClose={() => {}} label="viewer" title="A project" />));
    press('ArrowRight');
    press('ArrowRight');
    expect(moves).toEqual([1, 2]);
    press('Home');
    press('ArrowLeft'); // not infinite
    press('End');
    press('ArrowRight');
    expect(moves).toEqual([1, 2, 0, 3]);
    // Alt+Left is Back, Ctrl/Cmd with an arrow the browser's or the system's: the viewer lets them be.
    expect(press('ArrowLeft', { altKey: true }).defaultPrevented).toBe(false);
    expect(press('ArrowLeft', { metaKey: true }).defaultPrevented).toBe(false);
    expect(moves).toEqual([1, 2, 0, 3]);
    expect(press('ArrowLeft').defaultPrevented).toBe(true);
    expect(moves).toEqual([1, 2, 0, 3, 2]);
  });

  it('close onto the page’s control for the item seen last when it was open on arrival', () => {
    const controls = media.map((_, n) => {
      const button = document.createElement('button');
      button.textContent = `open ${n + 1}`;
      document.body.append(button);
      return button;
    });
    const viewer = (index: number | null) => (
      <MediaViewer media={media} index={index} onMove={() => {}} onClose={() => {}} label="viewer" title="A project" returnFocusTo={(n) => controls[n]} />
    );
    (document.activeElement as HTMLElement | null)?.blur();
    flushSync(() => view.root.render(viewer(2)));
    flushSync(() => view.root.render(viewer(1)));
    flushSync(() => view.root.render(viewer(null)));
    expect(document.activeElement).toBe(controls[1]);
    for (const control of controls) control.remove();
  });
});
