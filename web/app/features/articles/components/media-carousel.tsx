import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { VideoControls } from '~/components/video-controls';
import { ExpandIcon } from '~/components/media-item';
import { MediaViewer, viewerIntent } from '~/components/lazy-media-viewer';
import { ResponsiveImage } from '~/components/responsive-image';
import { useViewerUrl } from '~/lib/media/media-viewer-url';
import { carouselSizes } from '~/lib/media/image-sizes';
import type { Media } from '~/lib/media/media';
import { clampSlide, shouldLoadSlide, swipeDirection } from '../carousel';
import styles from './media-carousel.module.css';
import { useUi } from '~/lib/language/ui-text';
import { useLayout } from '~/lib/hooks/use-layout';
import { useHeldAfterMove } from '~/lib/hooks/use-held-after-move';

/** A video slide with the site's quiet controls (issue 30), not the browser's. */
function CarouselVideo({ media, load, current, register }: { media: Media; load: boolean; current: boolean; register: (element: HTMLVideoElement | null) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const held = useHeldAfterMove(true);
  if (held) {
    return (
      <div className={styles.videoFrame}>
        <div className={styles.media} data-stand-in="" />
      </div>
    );
  }
  return (
    <div className={styles.videoFrame}>
      <video
        ref={(element) => {
          video.current = element;
          register(element);
        }}
        className={styles.media}
        src={load ? media.url : undefined}
        playsInline
        preload={current ? 'metadata' : 'none'}
        aria-label={media.alt || undefined}
        onError={() => console.warn(`[article] video failed to load: ${media.url}`)}
      />
      <VideoControls video={video} />
    </div>
  );
}

/**
 * The article's images and videos, one slide at a time (500 ms), with arrows, dots, arrow keys and
 * swipes. Not infinite. A playing video pauses when the slide changes; slides away from the current
 * one do not load their media until they are next to it.
 */
export function MediaCarousel({ media, label }: { media: Media[]; label: string }) {
  const { ui, fill } = useUi();
  const layout = useLayout();
  const [current, setCurrent] = useState(0);
  const videos = useRef(new Map<number, HTMLVideoElement>());
  // The carousel has one opener, for the slide on screen.
  const expand = useRef<HTMLButtonElement>(null);
  const touchStartX = useRef<number | null>(null);
  const count = media.length;
  const viewer = useViewerUrl(count);

  // The carousel follows the viewer: closing it leaves the visitor on the item they last saw.
  const [followed, setFollowed] = useState(viewer.index);
  if (viewer.index !== followed) {
    setFollowed(viewer.index);
    if (viewer.index !== null) setCurrent(viewer.index);
  }

  useEffect(() => {
    for (const [slide, video] of videos.current) {
      if (slide !== current && !video.paused) video.pause();
    }
  }, [current]);

  if (count === 0) return null;
  const go = (index: number) => setCurrent(clampSlide(index, count));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(current - 1);
    else if (event.key === 'ArrowRight') go(current + 1);
    else return;
    event.preventDefault();
  };

  return (
    <>
      <section
        className={styles.carousel}
        aria-roledescription="carousel"
        aria-label={label}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onTouchStart={(event) => {
          touchStartX.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const endX = event.changedTouches[0]?.clientX;
          if (touchStartX.current !== null && endX !== undefined) go(current + swipeDirection(touchStartX.current, endX));
          touchStartX.current = null;
        }}
      >
        <div className={styles.viewport}>
          <div className={styles.track} style={{ transform: `translateX(-${current * 100}%)` }}>
            {media.map((item, slide) => (
              <div
                key={`${item.url}-${slide}`}
                className={styles.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={`${slide + 1} / ${count}`}
                aria-hidden={slide !== current}
                inert={slide !== current}
              >
                {item.kind === 'video' ? (
                  <CarouselVideo
                    media={item}
                    load={shouldLoadSlide(slide, current)}
                    current={slide === current}
                    register={(element) => {
                      if (element) videos.current.set(slide, element);
                      else videos.current.delete(slide);
                    }}
                  />
                ) : shouldLoadSlide(slide, current) ? (
                  <ResponsiveImage
                    media={item}
                    className={styles.media}
                    sizes={carouselSizes(layout)}
                    priority={slide === 0}
                    onError={(event) => {
                      event.currentTarget.hidden = true; // spec 8: a broken image is hidden
                    }}
                  />
                ) : null}
              </div>
            ))}
          </div>
        </div>
        <div className={styles.controls}>
          {count > 1 && (
            <div className={styles.pagination}>
              <button
                type="button"
                className={styles.arrow}
                onClick={() => go(current - 1)}
                disabled={current === 0}
                aria-label={ui.previousSlide}
              >
                ‹
              </button>
              <div className={styles.dots}>
                {media.map((item, slide) => (
                  <button
                    key={`${item.url}-dot-${slide}`}
                    type="button"
                    className={styles.dot}
                    aria-label={fill('slide', { n: slide + 1 })}
                    aria-current={slide === current ? 'true' : undefined}
                    onClick={() => go(slide)}
                  />
                ))}
              </div>
              <button
                type="button"
                className={styles.arrow}
                onClick={() => go(current + 1)}
                disabled={current === count - 1}
                aria-label={ui.nextSlide}
              >
                ›
              </button>
            </div>
          )}
          <button
            ref={expand}
            type="button"
            className={styles.expand}
            aria-label={fill('viewItem', {
              name: media[current]?.alt || fill('slide', { n: current + 1 }),
            })}
            {...viewerIntent}
            onClick={() => {
              videos.current.get(current)?.pause();
              viewer.open(current);
            }}
          >
            <ExpandIcon />
          </button>
        </div>
      </section>
      <MediaViewer
        media={media}
        index={viewer.index}
        onMove={viewer.move}
        onClose={viewer.close}
        label={fill('viewer', { name: label })}
        title={label}
        returnFocusTo={() => expand.current}
      />
    </>
  );
}
