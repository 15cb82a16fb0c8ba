/** A tile of the grid's first screen, as far as its size goes. */
export interface FirstScreenTile {
  tall: boolean;
  /** The grid's end re-spans it at some column count (grid-fill.ts): wider, or a row more or less. */
  respanned: boolean;
  /** It has a picture to ask for. */
  cover: boolean;
}

/**
 * Which of the grid's first-screen tiles (those asked for at once) may be the picture that screen
 * shows the most of, the one a visitor waits for (decision 022, thirty-sixth pass). Those are asked
 * for at high priority, the others at low. How much of each a screen shows depends on the screen:
 * a tall tile under a short one shows more of itself on a phone only when more than 716 px are in
 * view, and a short grid's end can widen a tile. So no size is assumed: a tile is left out only
 * when a tile before it, with a picture, is at least as tall, every tile being a column wide (a
 * tile before another on the grid is placed beside it or above it, so it is at least as much in
 * view). A re-spanned tile is never left out and leaves none out.
 */
export function mayLead(tiles: readonly FirstScreenTile[]): boolean[] {
  return tiles.map(
    (tile, index) =>
      tile.cover &&
      (tile.respanned || !tiles.slice(0, index).some((before) => before.cover && !before.respanned && (before.tall || !tile.tall))),
  );
}
