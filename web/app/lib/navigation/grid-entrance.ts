/**
 * The way from the landing into the project grid, which both sides know: the landing fetches the
 * pictures of the grid's first screen ahead and slides into the grid, whose tiles then enter with
 * the slide.
 */

/** Tiles on the first screen (one column on a phone, a row or so on web): eager, high priority. */
export const EAGER_TILES = { phone: 2, web: 3 } as const;

/** Navigation state of the way in from the landing page, whose slide is the tiles' entrance. */
export interface FromLanding {
  fromLanding?: boolean;
}
