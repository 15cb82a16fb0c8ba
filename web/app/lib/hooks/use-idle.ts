import { useEffect, useState } from 'react';

/**
 * True once the page is alive and the browser has a moment to spare (requestIdleCallback, or a
 * short pause where it is missing): work that helps the next move, not this one, waits for it.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 2_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setIdle(true), 300);
    return () => window.clearTimeout(timer);
  }, []);
  return idle;
}
