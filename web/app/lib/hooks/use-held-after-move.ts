import { startTransition, useEffect, useState } from 'react';

/**
 * Whether a video (with `hold`) is still held back: true from a move's render until a moment after
 * that move is on the screen, never for the document's own page. A `<video>` starts loading as
 * soon as React creates it, in the middle of the move's render, and Chromium builds the media
 * element (and, the first time, its controls' 125 KB stylesheet) there: 20-45 ms of a move at the
 * 4x CPU (decision 022, fortieth pass). Until then its frame stands in (`data-stand-in`), black and
 * at its size, as the video itself is before its first frame has come.
 */
export function useHeldAfterMove(hold: boolean): boolean {
  const [held, setHeld] = useState(() => hold && typeof document !== 'undefined' && document.documentElement.dataset.hydrated === 'true');
  useEffect(() => {
    if (!held) return;
    // A frame callback's timeout runs once that frame has been drawn.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setHeld(false)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [held]);
  return held;
}
