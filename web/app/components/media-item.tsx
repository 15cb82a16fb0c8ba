import { useEffect, useRef } from 'react';
import type { Media } from '~/lib/media/media';
import { useHeldAfterMove } from '~/lib/hooks/use-held-after-move';
import { prefersReducedMotion, watchReducedMotion } from '~/lib/hooks/use-reduced-motion';
import { useUi } from '~/lib/language/ui-text';
import { ResponsiveImage } from './responsive-image';
import { VideoControls } from './video-controls';
import styles from './media-item.module.css';
import { viewerIntent } from './lazy-media-viewer';

interface MediaItemProps {
  media: Media;
  sizes: string;
  /** As `ResponsiveImage`'s: `true` for the picture the first screen waits for. */
  priority?: boolean | 'low';
  /** Opens this item in the full-screen viewer. */
  onOpen?: () => void;
  /** Its place, for the open control's name when the media has no alt text. */
  position?: number;
  /** The view-transition name its box carries when a move is about its page (`data-morph`: the first item of a project, from and to its tile). */
  morph?: string;
}

/**
 * An image, or a video that plays inline with quiet controls of the site's own (play/pause, sound,
 * a hairline of progress: VideoControls); videos start muted and only on their own when the
 * visitor has not asked for reduced motion. With `onOpen`, an image is itself the control that
 * opens it full screen; a video has a corner button.
 */
export function MediaItem({ media, sizes, priority = false, onOpen, position = 1, morph }: MediaItemProps) {
  const { fill } = useUi();
  const video = useRef<HTMLVideoElement>(null);
  const held = useHeldAfterMove(media.kind === 'video');
  // Asked in the effect, not at render: a render asking it rendered every item of the page again
  // right after hydrating (the server assumes less motion). It plays when motion is allowed, or
  // once the visitor allows it.
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const play = () => {
      if (prefersReducedMotion()) return;
      element.play().catch(() => {
        // autoplay refused by the browser: the controls are there
      });
    };
    play();
    return watchReducedMotion(play);
  }, [held]);

  const openName = fill('viewItem', { name: media.alt || String(position) });

  if (media.kind === 'video') {
    const sized = !!(media.width && media.height);
    return (
      <div className={styles.frame} data-morph={morph}>
        {held ? (
          <div
            data-stand-in=""
            className={`${styles.media} ${styles.standIn} ${sized ? '' : styles.unsized}`}
            style={sized ? { aspectRatio: `${media.width} / ${media.height}` } : undefined}
          />
        ) : (
          <video
            ref={video}
            // Its box is reserved before the file arrives: the media's own size where the CMS knows it
            // (width and height), else the 16:9 frame the studio's videos are made in.
            className={`${styles.media} ${sized ? '' : styles.unsized}`}
            width={media.width ?? undefined}
            height={media.height ?? undefined}
            src={media.url}
            muted
            loop
            playsInline
            preload="metadata"
            aria-label={media.alt || undefined}
            onError={() => console.warn(`[media] video failed to load: ${media.url}`)}
          />
        )}
        {!held && <VideoControls video={video} />}
        {onOpen && (
          <button
            type="button"
            className={styles.expand}
            aria-label={openName}
            data-viewer-item={position}
            {...viewerIntent}
            onClick={() => {
              video.current?.pause();
              onOpen();
            }}
          >
            <ExpandIcon />
          </button>
        )}
      </div>
    );
  }
  const image = <ResponsiveImage media={media} className={styles.media} sizes={sizes} priority={priority} data-morph={onOpen ? undefined : morph} />;
  if (!onOpen) return image;
  return (
    <button type="button" className={styles.zoomable} aria-label={openName} data-viewer-item={position} onClick={onOpen} data-morph={morph} {...viewerIntent}>
      {image}
      <span className={styles.expand} aria-hidden="true">
        <ExpandIcon />
      </span>
    </button>
  );
}

/** Four corners pointing out: "full screen". */
export function ExpandIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

