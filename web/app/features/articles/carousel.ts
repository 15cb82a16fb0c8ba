/** Spec 2 and 9: one slide at a time, not infinite: moves stop at the first and the last. */
export function clampSlide(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(Math.max(index, 0), count - 1);
}

/** Slides whose full media may load now: the current one and its neighbours, nothing further. */
export function shouldLoadSlide(slide: number, current: number): boolean {
  return Math.abs(slide - current) <= 1;
}

/** A horizontal swipe long enough to count, as a move: -1 (back), 1 (forward) or 0. */
export function swipeDirection(startX: number, endX: number, threshold = 40): -1 | 0 | 1 {
  const delta = endX - startX;
  if (Math.abs(delta) < threshold) return 0;
  return delta < 0 ? 1 : -1;
}
