import { describe, expect, it } from 'vitest';
import { projectMediaLargestOnFirstScreen, projectMediaOnFirstScreen } from './image-sizes';
import type { Media } from './media';

const picture = (width: number, height: number): Media => ({ kind: 'image', url: `/uploads/${width}x${height}.jpg`, alt: '', width, height, formats: [], placeholder: null });

describe('projectMediaOnFirstScreen', () => {
  it('counts every picture that starts on a phone screen', () => {
    // 390px wide: a 3:2 picture is 260px tall; below the 60px header they start at 60, 328, 596, 864.
    expect(projectMediaOnFirstScreen(Array.from({ length: 5 }, () => picture(1500, 1000)), 'phone')).toBe(3);
    // An upright 2:3 picture is 585px: the second starts at 653, still on the screen.
    expect(projectMediaOnFirstScreen([picture(1000, 1500), picture(1000, 1500), picture(1000, 1500)], 'phone')).toBe(2);
  });

  it('counts the media column beside the panel on the web', () => {
    // 1040px wide: a 3:2 picture is 693px tall; the second starts at 761 of 900.
    expect(projectMediaOnFirstScreen([picture(1500, 1000), picture(1500, 1000), picture(1500, 1000)], 'web')).toBe(2);
    expect(projectMediaOnFirstScreen([picture(1000, 3000), picture(1500, 1000)], 'web')).toBe(1);
  });

  it('has nothing to count without media', () => {
    expect(projectMediaOnFirstScreen([], 'phone')).toBe(0);
  });
});

describe('projectMediaLargestOnFirstScreen', () => {
  it('names the picture that shows the most of itself on the first screen', () => {
    // A phone: a 3:2 picture (260px) at 60, then an upright 2:3 one (585px) from 328, cut at 844.
    expect(projectMediaLargestOnFirstScreen([picture(1500, 1000), picture(1000, 1500), picture(1500, 1000)], 'phone')).toBe(1);
    // Three 3:2 pictures: the third starts at 596 and shows 248px of its 260.
    expect(projectMediaLargestOnFirstScreen([picture(1500, 1000), picture(1500, 1000), picture(1500, 1000)], 'phone')).toBe(0);
    // The web's column: an upright first picture fills the screen, the landscape one under it starts below.
    expect(projectMediaLargestOnFirstScreen([picture(1000, 1500), picture(1500, 1000)], 'web')).toBe(0);
    // A narrow strip first, a landscape picture under it.
    expect(projectMediaLargestOnFirstScreen([picture(3000, 500), picture(1500, 1000)], 'web')).toBe(1);
  });

  it('passes over what it is told not to count (a video, which is not asked for ahead)', () => {
    const film: Media = { ...picture(1000, 1500), kind: 'video', url: '/uploads/film.mp4' };
    expect(projectMediaLargestOnFirstScreen([picture(1500, 1000), film], 'phone')).toBe(1);
    expect(projectMediaLargestOnFirstScreen([picture(1500, 1000), film], 'phone', (item) => item.kind === 'image')).toBe(0);
  });

  it('is the first when there is nothing to compare', () => {
    expect(projectMediaLargestOnFirstScreen([], 'phone')).toBe(0);
    expect(projectMediaLargestOnFirstScreen([picture(1500, 1000)], 'web')).toBe(0);
  });
});
