import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

type ActGlobal = { IS_REACT_ACT_ENVIRONMENT?: boolean };

/**
 * A React root of its own in the page for each test of the calling `describe`, rendered outside
 * `act`, as the browser runs it: a transition's commit is drawn first and its effects run in a
 * task after, so a test can act in between (a key, a Tab). `view.root` is the current test's root.
 */
export function realRootPerTest(): { root: Root; host: HTMLDivElement } {
  const view = {} as { root: Root; host: HTMLDivElement };
  let saved: boolean | undefined;
  beforeEach(() => {
    saved = (globalThis as ActGlobal).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as ActGlobal).IS_REACT_ACT_ENVIRONMENT = false;
    view.host = document.createElement('div');
    document.body.append(view.host);
    view.root = createRoot(view.host);
  });
  afterEach(() => {
    flushSync(() => view.root.unmount());
    view.host.remove();
    (globalThis as ActGlobal).IS_REACT_ACT_ENVIRONMENT = saved;
  });
  return view;
}
