import { useEffect, useRef } from 'react';
import type { Media } from '../lib/media';
import { useReducedMotion } from '../lib/use-reduced-motion';
import { ResponsiveImage } from './responsive-image';
import styles from './media-item.module.css';

interface MediaItemProps {
  media: Media;
  sizes: string;
  priority?: boolean;
}

/**
 * An image, or a video that plays inline with controls; videos start muted and only on their own
 * when the visitor has not asked for reduced motion.
 */
export function MediaItem({ media, sizes, priority = false }: MediaItemProps) {
  const reducedMotion = useReducedMotion();
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element || reducedMotion) return;
    element.play().catch(() => {
      // autoplay refused by the browser: the controls are there
    });
  }, [reducedMotion]);

  if (media.kind === 'video') {
    return (
      <video
        ref={video}
        // Its box is reserved before the file arrives: the media's own size where the CMS knows it
        // (width and height), else the 16:9 frame the studio's videos are made in.
        className={`${styles.media} ${media.width && media.height ? '' : styles.unsized}`}
        width={media.width ?? undefined}
        height={media.height ?? undefined}
        src={media.url}
        controls
        muted
        loop
        playsInline
        preload="metadata"
        aria-label={media.alt || undefined}
        onError={() => console.warn(`[media] video failed to load: ${media.url}`)}
      />
    );
  }
  return <ResponsiveImage media={media} className={styles.media} sizes={sizes} priority={priority} />;
}
