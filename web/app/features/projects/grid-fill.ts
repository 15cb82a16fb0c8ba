/**
 * The project grid (spec 9: columns of at least 400px, 266px rows, tall tiles two rows high,
 * `grid-auto-flow: dense`) leaves empty cells at its end whenever the tiles' cells do not add up to
 * whole rows. This works out, for each column count the grid can have, the smallest change to the
 * last tiles (a tile one or more columns wider, or one row taller or shorter) after which the grid
 * ends flush, by placing the tiles exactly as CSS grid's dense auto-placement does.
 */

export interface TileSpan {
  columns: number;
  rows: number;
}

/** The column counts the page CSS has a container query for (grids up to 2,800px wide). */
export const GRID_COLUMN_COUNTS = [2, 3, 4, 5, 6] as const;

/** Empty cells left when `spans` are auto-placed, densely, into `columns` columns. */
export function emptyCells(spans: TileSpan[], columns: number): number {
  const taken: boolean[][] = [];
  const free = (row: number, column: number, span: TileSpan) => {
    for (let r = row; r < row + span.rows; r += 1) {
      for (let c = column; c < column + span.columns; c += 1) if (taken[r]?.[c]) return false;
    }
    return true;
  };
  let rowsUsed = 0;
  let area = 0;
  for (const span of spans) {
    const width = Math.min(span.columns, columns);
    const shape = { columns: width, rows: span.rows };
    // Dense packing: every item searches from the first cell, row by row.
    for (let row = 0; ; row += 1) {
      let placed = false;
      for (let column = 0; column + width <= columns; column += 1) {
        if (!free(row, column, shape)) continue;
        for (let r = row; r < row + shape.rows; r += 1) {
          const cells = (taken[r] ??= []);
          for (let c = column; c < column + width; c += 1) cells[c] = true;
        }
        rowsUsed = Math.max(rowsUsed, row + shape.rows);
        area += width * shape.rows;
        placed = true;
        break;
      }
      if (placed) break;
    }
  }
  return rowsUsed * columns - area;
}

const cost = (from: TileSpan, to: TileSpan) => Math.abs(to.columns - from.columns) + 2 * Math.abs(to.rows - from.rows);

/** How many of the last tiles may change. */
const CHANGEABLE = 3;

/**
 * For `columns` columns: the new spans of the tiles that change (by index), or an empty map when
 * the grid already ends flush. Of all changes to the last three tiles, the cheapest that works
 * (a column more costs 1, a row more or less 2).
 */
export function fillLastRow(spans: TileSpan[], columns: number): Map<number, TileSpan> {
  if (spans.length === 0 || emptyCells(spans, columns) === 0) return new Map();
  // Few tiles in many columns can need more: then tall tiles from the end down are made one row
  // high until it works (with none tall, widening the last tile always does).
  const tallFromEnd = spans.map((span, index) => (span.rows > 1 ? index : -1)).filter((index) => index >= 0).reverse();
  for (let shortened = 0; shortened <= tallFromEnd.length; shortened += 1) {
    const made = new Map(tallFromEnd.slice(0, shortened).map((index) => [index, { columns: 1, rows: 1 }]));
    const trial = spans.map((span, index) => made.get(index) ?? span);
    const changes = emptyCells(trial, columns) === 0 ? new Map<number, TileSpan>() : changeLast(trial, columns);
    if (made.size + changes.size > 0 && emptyCells(trial.map((span, index) => changes.get(index) ?? span), columns) === 0) {
      return new Map([...made, ...changes]);
    }
  }
  return new Map();
}

function changeLast(spans: TileSpan[], columns: number): Map<number, TileSpan> {
  // The last tile may take a whole row; the two before it up to two columns.
  const shapesUpTo = (widest: number) => {
    const shapes: TileSpan[] = [];
    for (let width = 1; width <= widest; width += 1) for (const rows of [1, 2]) shapes.push({ columns: width, rows });
    return shapes;
  };
  const last = spans.length - 1;
  const first = Math.max(0, spans.length - CHANGEABLE);
  let candidates: Array<{ cost: number; changes: Array<[number, TileSpan]> }> = [{ cost: 0, changes: [] }];
  for (let index = first; index < spans.length; index += 1) {
    const now = spans[index] as TileSpan;
    candidates = candidates.flatMap((candidate) =>
      shapesUpTo(index === last ? columns : Math.min(2, columns)).map((shape) => ({
        cost: candidate.cost + cost(now, shape),
        changes: [...candidate.changes, [index, shape] as [number, TileSpan]],
      })),
    );
  }
  candidates.sort((a, b) => a.cost - b.cost);
  for (const candidate of candidates) {
    if (candidate.cost === 0) continue;
    const changed = new Map(candidate.changes.filter(([index, span]) => cost(spans[index] as TileSpan, span) > 0));
    if (emptyCells(spans.map((span, index) => changed.get(index) ?? span), columns) === 0) return changed;
  }
  return new Map();
}

/**
 * Per tile, the custom properties that re-span it at each column count where the grid needs it,
 * e.g. `{ '--c3-columns': 2 }`; read by container queries in project-grid.module.css.
 */
export function gridFillStyles(tall: boolean[]): Array<Record<string, number>> {
  const spans = tall.map((isTall) => ({ columns: 1, rows: isTall ? 2 : 1 }));
  const styles = spans.map(() => ({}) as Record<string, number>);
  for (const columns of GRID_COLUMN_COUNTS) {
    for (const [index, span] of fillLastRow(spans, columns)) {
      const style = styles[index] as Record<string, number>;
      if (span.columns !== 1) style[`--c${columns}-columns`] = span.columns;
      if (span.rows !== spans[index]?.rows) style[`--c${columns}-rows`] = span.rows;
    }
  }
  return styles;
}
