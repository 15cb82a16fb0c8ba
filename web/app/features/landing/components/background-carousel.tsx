import { useState } from 'react';
import { ResponsiveImage } from '~/components/responsive-image';
import { landingSizes } from '~/lib/media/image-sizes';
import { TALL_ASPECT, type Media } from '~/lib/media/media';
import { nextIndex } from '../use-rotation';
import styles from './landing.module.css';

interface BackgroundCarouselProps {
  images: Media[];
  index: number;
  /** The page has loaded (`useAfterLoad`): the next background may be fetched. */
  loaded: boolean;
}

/**
 * The landing backgrounds as stacked layers that cross-fade. Only the current, the previous (still
 * fading out) and the next (preloaded before its turn) are in the DOM. The first is in the server
 * HTML with high priority, alone: the next joins once the page has loaded, a turn before its own
 * (the rotation starts then too).
 * Stacked on the screen, it was fetched with the first, at the same high priority, and on a slow
 * phone took half the bandwidth of the only picture the visitor sees (decision 022, twelfth pass).
 */
export function BackgroundCarousel({ images, index, loaded }: BackgroundCarouselProps) {
  const count = images.length;
  // Until the first has turned, nothing before it has been shown, so nothing fades out.
  const [turned, setTurned] = useState(false);
  if (index !== 0 && !turned) setTurned(true);
  const next = nextIndex(index, count);
  const previous = turned ? (index - 1 + count) % count : -1;
  return (
    <div className={styles.backgrounds} aria-hidden="true">
      {images.map((image, position) => {
        const mounted = position === index || position === previous || (loaded && position === next);
        return (
          <div key={image.url} className={styles.background} data-active={position === index}>
            {mounted && (
              <ResponsiveImage
                media={image}
                cropped
                className={styles.backgroundImage}
                sizes={landingSizes(image)}
                // An upright phone: the part of a landscape picture its screen shows.
                tallSizes={landingSizes(TALL_ASPECT)}
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
