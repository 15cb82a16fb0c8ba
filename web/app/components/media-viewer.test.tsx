import { startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
  let host: HTMLDivElement;
  let root: Root;
  const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;

  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });

  afterEach(() => {
    flushSync(() => root.unmount());
    host.remove();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });

  const caption = () => document.body.querySelector('[role="dialog"]')?.textContent ?? '';

  it('move from the item on screen as soon as it is drawn, before the commit’s effects have run', async () => {
    const moves: number[] = [];
    const viewer = (index: number) => (
      <MediaViewer media={media} index={index} onMove={(next) => moves.push(next)} onClose={() => {}} label="viewer" title="A project" />
    );
    flushSync(() => root.render(viewer(2)));
    await new Promise((settled) => setTimeout(settled, 20));
    expect(caption()).toContain('3 / 4');

    // The router draws the first item (the visitor pressed Home); the moment it is on screen, the
    // visitor presses ArrowLeft: at the first item, it goes nowhere.
    const pressed = new Promise<void>((done) => {
      const observer = new MutationObserver(() => {
        if (!caption().includes('1 / 4')) return;
        observer.disconnect();
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, cancelable: true }));
        done();
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    startTransition(() => root.render(viewer(0)));
    await pressed;
    expect(moves).toEqual([]);

    // And ArrowRight from there goes to the second, not to the fourth.
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
    expect(moves).toEqual([1]);
  });
});
