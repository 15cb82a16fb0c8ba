import { startTransition, useEffect, useState } from 'react';

/**
 * Calls `then` once the document's `load` event has fired (every picture of its first screen is
 * in) and the browser has a moment to spare. Returns the cancel. For what helps the next moment,
 * not the first picture: on a slow phone nothing it asks for takes that picture's bandwidth.
 */
export function afterLoad(then: () => void): () => void {
  let idle = 0;
  let timer = 0;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(then, { timeout: 2_000 });
    else timer = window.setTimeout(then, 300);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle) window.cancelIdleCallback(idle);
    window.clearTimeout(timer);
  };
}

/**
 * False on the server and in the first render; true once `afterLoad` has come. What it changes is
 * rendered in a transition, between other work: the landing rendered whole in one task otherwise.
 */
export function useAfterLoad(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => afterLoad(() => startTransition(() => setLoaded(true))), []);
  return loaded;
}
