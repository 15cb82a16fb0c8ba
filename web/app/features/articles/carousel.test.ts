import { describe, expect, it } from 'vitest';
import { clampSlide, shouldLoadSlide, swipeDirection } from './carousel';

describe('carousel moves', () => {
  it('stop at both ends (not infinite)', () => {
    expect(clampSlide(-1, 3)).toBe(0);
    expect(clampSlide(3, 3)).toBe(2);
    expect(clampSlide(1, 3)).toBe(1);
    expect(clampSlide(5, 0)).toBe(0);
  });

  it('load only the current slide and its neighbours', () => {
    expect([0, 1, 2, 3, 4].filter((slide) => shouldLoadSlide(slide, 2))).toEqual([1, 2, 3]);
    expect([0, 1, 2, 3].filter((slide) => shouldLoadSlide(slide, 0))).toEqual([0, 1]);
  });

  it('read a swipe left as forward and a swipe right as back', () => {
    expect(swipeDirection(300, 100)).toBe(1);
    expect(swipeDirection(100, 300)).toBe(-1);
    expect(swipeDirection(100, 120)).toBe(0);
  });
});
