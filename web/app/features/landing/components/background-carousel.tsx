import { ResponsiveImage } from '~/components/responsive-image';
import { landingSizes } from '~/lib/media/image-sizes';
import type { Media } from '~/lib/media/media';
import { nextIndex } from '../use-rotation';
import styles from './landing.module.css';

interface BackgroundCarouselProps {
  images: Media[];
  index: number;
}

/**
 * The landing backgrounds as stacked layers that cross-fade. Only the current, the previous (still
 * fading out) and the next (preloaded before its turn) are in the DOM; the first is in the server
 * HTML with high priority.
 */
export function BackgroundCarousel({ images, index }: BackgroundCarouselProps) {
  const count = images.length;
  const next = nextIndex(index, count);
  const previous = (index - 1 + count) % count;
  return (
    <div className={styles.backgrounds} aria-hidden="true">
      {images.map((image, position) => {
        const mounted = position === index || position === next || position === previous;
        return (
          <div key={image.url} className={styles.background} data-active={position === index}>
            {mounted && (
              <ResponsiveImage
                media={image}
                cropped
                className={styles.backgroundImage}
                sizes={landingSizes(image)}
                priority={position === 0}
                alt=""
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
