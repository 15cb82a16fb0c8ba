import { useCallback, useLayoutEffect, useRef, type TouchEvent } from 'react';
import { createPortal } from 'react-dom';
import type { Media } from '~/lib/media/media';
import { useFocusTrap } from '~/lib/hooks/use-focus-trap';
import { useReducedMotion } from '~/lib/hooks/use-reduced-motion';
import { useHydrated } from '~/lib/hooks/use-hydrated';
import { useUi } from '~/lib/language/ui-text';
import { useTextLang } from '~/lib/language/language';
import { CloseButton } from './close-button';
import { ResponsiveImage } from './responsive-image';
import { VideoControls } from './video-controls';
import styles from './media-viewer.module.css';

const SWIPE_MIN_PX = 40;

export interface MediaViewerProps {
  media: Media[];
  /** The open item, or null when closed. */
  index: number | null;
  onMove: (index: number) => void;
  onClose: () => void;
  label: string;
  /** The project's or article's name, the caption under each item with its position (issue 30). */
  title: string;
  /**
   * The page's control that opens item `index`: where focus goes on closing when the viewer was
   * open on arrival (a shared link), so a keyboard goes on from the item seen last, not the top.
   */
  returnFocusTo?: (index: number) => HTMLElement | null | undefined;
}

/**
 * Images and videos full screen, one at a time (issue 14): arrows, Arrow keys, Home/End and swipes
 * move (not infinite, like the carousel); Escape, the close control or a swipe down close. Focus
 * stays inside while it is open and goes back to the opener after. Written small rather than a
 * library: it is about 2 KB of the page's script.
 */
export function MediaViewer({ media, index, onMove, onClose, label, title, returnFocusTo }: MediaViewerProps) {
  const { ui } = useUi();
  const textLang = useTextLang();
  const dialog = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const reducedMotion = useReducedMotion();
  const open = index !== null && media[index] !== undefined;
  const count = media.length;

  // The item shown last (set in the commit that draws it; still there when the viewer closes).
  const shown = useRef(index);
  useLayoutEffect(() => {
    if (index !== null) shown.current = index;
  });
  useFocusTrap(dialog, open, onClose, () => (returnFocusTo && shown.current !== null ? returnFocusTo(shown.current) : null));

  const go = useCallback(
    (next: number) => {
      if (index === null) return;
      const clamped = Math.min(Math.max(next, 0), count - 1);
      if (clamped !== index) onMove(clamped);
    },
    [count, index, onMove],
  );

  // The keys move from the item on screen, or from the one last asked for while its move is on
  // its way. A move is committed in a transition, whose effects run in a task after the new item is
  // drawn: a listener bound in an effect would, for a key pressed in between, still move from the
  // item before (a fast hand on a slow phone). So the listener is bound, and reads what is drawn,
  // in layout effects, which run in the commit itself; and a key pressed before a move is drawn
  // moves on from the item that move asked for, so no press is lost.
  const keys = useRef({ index, count, onMove });
  useLayoutEffect(() => {
    keys.current = { index, count, onMove };
  });

  useLayoutEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLVideoElement) return; // its own keys seek and change volume
      if (event.altKey || event.ctrlKey || event.metaKey) return; // Alt+Left is the browser's Back
      const { index: current, count: last, onMove: moveTo } = keys.current;
      if (current === null) return;
      let target: number;
      switch (event.key) {
        case 'ArrowLeft':
          target = current - 1;
          break;
        case 'ArrowRight':
          target = current + 1;
          break;
        case 'Home':
          target = 0;
          break;
        case 'End':
          target = last - 1;
          break;
        default:
          return;
      }
      event.preventDefault();
      const clamped = Math.min(Math.max(target, 0), last - 1);
      if (clamped === current) return;
      keys.current = { ...keys.current, index: clamped };
      moveTo(clamped);
    };
    document.addEventListener('keydown', onKeyDown);
    // The page under it does not scroll while it is open.
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      root.style.overflow = overflow;
    };
  }, [open]);

  const touchStart = useRef<{ x: number; y: number } | null>(null);
  // Opened from a shared link, it appears once the page is interactive: it lives in <body> (no
  // ancestor's transform can move it) and only works with script anyway.
  const hydrated = useHydrated();
  if (!open || index === null || !hydrated) return null;
  const item = media[index] as Media;

  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const end = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !end) return;
    const dx = end.clientX - start.x;
    const dy = end.clientY - start.y;
    if (Math.abs(dx) > SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy)) go(index + (dx < 0 ? 1 : -1));
    else if (dy > SWIPE_MIN_PX * 2 && dy > Math.abs(dx)) onClose();
  };

  return createPortal(
    <div
      ref={dialog}
      className={styles.viewer}
      role="dialog"
      aria-modal="true"
      aria-label={label}
      data-reduced-motion={reducedMotion}
      onTouchStart={(event) => {
        const touch = event.touches[0];
        touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
      }}
      onTouchEnd={onTouchEnd}
    >
      <div className={styles.bar}>
        <span />
        <CloseButton label={ui.closeViewer} onClick={onClose} size={22} />
      </div>
      {/* The figure stays while the visitor moves (its arrows keep focus); the picture is new each
          time, and zooms in. On a phone the arrows flank the caption, under the picture. */}
      <figure className={styles.stage}>
        {item.kind === 'video' ? (
          <div key={index} className={`${styles.videoFrame} ${styles.entering}`}>
            <video
              ref={video}
              className={styles.media}
              src={item.url}
              width={item.width ?? undefined}
              height={item.height ?? undefined}
              muted
              playsInline
              autoPlay={!reducedMotion}
              aria-label={item.alt || undefined}
            />
            <VideoControls video={video} />
          </div>
        ) : (
          <ResponsiveImage key={index} media={item} className={`${styles.media} ${styles.entering}`} sizes="100vw" priority />
        )}
        {count > 1 && (
          <>
            <button
              type="button"
              className={`${styles.arrow} ${styles.previous}`}
              aria-label={ui.previousMedia}
              disabled={index === 0}
              onClick={() => go(index - 1)}
            />
            <button
              type="button"
              className={`${styles.arrow} ${styles.next}`}
              aria-label={ui.nextMedia}
              disabled={index === count - 1}
              onClick={() => go(index + 1)}
            />
          </>
        )}
        {/* What it is and where: the name and the position. The alt text stays the picture's own
            (read by screen readers with it), not a caption under it (issue 30). */}
        <figcaption className={styles.caption}>
          <span {...textLang(title)}>{title}</span>
          <span className={styles.counter} aria-live="polite">
            {index + 1} / {count}
          </span>
        </figcaption>
      </figure>
    </div>,
    document.body,
  );
}

