/**
 * The way from the landing into the project grid, which both sides know: the landing fetches the
 * pictures of the grid's first screen ahead and slides into the grid, whose tiles then enter with
 * the slide.
 */

/**
 * Tiles on the first screen (one column on a phone, a row on web): asked for at once, the one a
 * visitor waits for at high priority and the others at low (`mayLead`).
 */
export const EAGER_TILES = { phone: 2, web: 3 } as const;

/** Navigation state of the way in from the landing page, whose slide is the tiles' entrance. */
export interface FromLanding {
  fromLanding?: boolean;
}
