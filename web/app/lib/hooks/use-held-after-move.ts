import { startTransition, useEffect, useState } from 'react';

/**
 * Whether a video (with `hold`) is still held back: true from a move's render until a moment after
 * that move is on the screen, never for the document's own page. A `<video>` starts loading as
 * soon as React creates it and sets its `src`, in the move's render, and Chromium builds its
 * controls (the first time, with their 125 KB stylesheet) when React puts it in the page, in the
 * move's commit: 20-45 ms of a move at the 4x CPU together (decision 022, fortieth pass). Until
 * then its frame stands in (`data-stand-in`), black and at its size, as the video itself is before
 * its first frame has come. In a tab that is not shown, frames wait: so does the video.
 *
 * "Not the document's own page" is read from `data-hydrated`, which the root sets once hydration
 * has committed: every part of the document hydrates in that one commit because the app has no
 * `<Suspense>` or lazy boundary inside it. One added around a video would hydrate after it, and
 * find a stand-in where the server sent the `<video>`.
 */
export function useHeldAfterMove(hold: boolean): boolean {
  const [held, setHeld] = useState(() => hold && typeof document !== 'undefined' && document.documentElement.dataset.hydrated === 'true');
  useEffect(() => {
    if (!held) return;
    // A frame callback's timeout runs once the main thread has produced that frame.
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
