import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Media } from '~/lib/media/media';
import { BackgroundCarousel } from './background-carousel';

const slide = (n: number): Media => ({ url: `/uploads/slide-${n}.jpg`, kind: 'image', alt: '', width: 2400, height: 1350, placeholder: null, formats: [] });
const slides = [0, 1, 2, 3].map(slide);

/** Which slides have a picture in the page (the others are their empty frames). */
const pictured = (container: HTMLElement) =>
  [...container.querySelectorAll('img')].map((img) => slides.findIndex((media) => img.getAttribute('src')!.endsWith(media.url)));

describe('the landing backgrounds', () => {
  it('draws the first alone until the page has loaded, then brings the next in before its turn', () => {
    const { container, rerender } = render(<BackgroundCarousel images={slides} index={0} loaded={false} />);
    // The server's HTML and the first render: one picture, the one on screen, fetched first.
    expect(pictured(container)).toEqual([0]);
    expect(container.querySelector('img')!.getAttribute('fetchpriority')).toBe('high');
    rerender(<BackgroundCarousel images={slides} index={0} loaded />);
    expect(pictured(container)).toEqual([0, 1]);
    // Turning: the one before fades out over the new one, and the one after comes in.
    rerender(<BackgroundCarousel images={slides} index={1} loaded />);
    expect(pictured(container)).toEqual([0, 1, 2]);
    rerender(<BackgroundCarousel images={slides} index={3} loaded />);
    expect(pictured(container)).toEqual([0, 2, 3]);
    // Round again: the last fades out over the first.
    rerender(<BackgroundCarousel images={slides} index={0} loaded />);
    expect(pictured(container)).toEqual([0, 1, 3]);
  });

  it('gives an upright phone the cut of each picture its screen shows, placed by the same point', () => {
    const focused = { ...slide(0), focus: { x: 92, y: 8 } };
    const { container } = render(<BackgroundCarousel images={[focused, slide(1)]} index={0} loaded={false} />);
    const source = container.querySelector('picture > source')!;
    expect(source.getAttribute('media')).toBe('(max-aspect-ratio: 3/4)');
    expect(source.getAttribute('srcset')).toContain('/_img/tall-480-90-10/uploads/slide-0.jpg 480w');
    // As wide as the screen, or its height at 3:4, pushed in by 8 %.
    expect(source.getAttribute('sizes')).toBe('calc(max(100vw, 0.750 * 100vh) * 1.08)');
    // The wider file, on any other screen, is placed by the rounded focus the cut was made around.
    expect(container.querySelector<HTMLImageElement>('picture > img')!.style.objectPosition).toBe('90% 10%');
  });
});

