import { useEffect, useState } from 'react';

/**
 * The index of the current background: advances every `intervalMs` (spec 4: 8 s) and wraps,
 * unless paused or there is nothing to rotate.
 */
export function useRotation(count: number, intervalMs: number, paused: boolean): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [count, intervalMs, paused]);
  return count > 0 ? index % count : 0;
}

/** The index that comes after `index` (what to preload). */
export const nextIndex = (index: number, count: number): number => (count > 0 ? (index + 1) % count : 0);
