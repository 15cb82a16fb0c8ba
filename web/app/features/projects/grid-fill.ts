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

/**
 * CSS grid's dense auto-placement, one row a bit mask of its taken cells: every item searches from
 * the first row with a free cell, column by column. A packing can be copied, so the tiles that stay
 * as they are are placed once for all the changes tried to the last ones (the grid's fill was the
 * longest part of a phone's hydration: every change tried placed every tile again, cell by cell).
 */
class Packing {
  readonly columns: number;
  /** A row with every cell taken. */
  private readonly full: number;
  /** Per row, its taken cells (bit c: column c). */
  private rows: number[];
  /** The first row with a free cell: dense placement never looks above it. */
  private open: number;
  private rowsUsed: number;
  private area: number;

  constructor(columns: number, rows: number[] = [], open = 0, rowsUsed = 0, area = 0) {
    this.columns = columns;
    this.full = (1 << columns) - 1;
    this.rows = rows;
    this.open = open;
    this.rowsUsed = rowsUsed;
    this.area = area;
  }

  copy(): Packing {
    return new Packing(this.columns, this.rows.slice(), this.open, this.rowsUsed, this.area);
  }

  place(span: TileSpan): this {
    const width = Math.min(span.columns, this.columns);
    const line = (1 << width) - 1;
    for (let row = this.open; ; row += 1) {
      for (let column = 0; column + width <= this.columns; column += 1) {
        const mask = line << column;
        let free = true;
        for (let r = row; r < row + span.rows && free; r += 1) free = ((this.rows[r] ?? 0) & mask) === 0;
        if (!free) continue;
        for (let r = row; r < row + span.rows; r += 1) this.rows[r] = (this.rows[r] ?? 0) | mask;
        this.rowsUsed = Math.max(this.rowsUsed, row + span.rows);
        this.area += width * span.rows;
        while (this.rows[this.open] === this.full) this.open += 1;
        return this;
      }
    }
  }

  get empty(): number {
    return this.rowsUsed * this.columns - this.area;
  }
}

const packed = (spans: readonly TileSpan[], columns: number, from = new Packing(columns)) => spans.reduce((packing, span) => packing.place(span), from);

/** Empty cells left when `spans` are auto-placed, densely, into `columns` columns. */
export function emptyCells(spans: TileSpan[], columns: number): number {
  return packed(spans, columns).empty;
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
  // The tiles before the changeable ones, placed once.
  const before = packed(spans.slice(0, first), columns);
  for (const candidate of candidates) {
    if (candidate.cost === 0) continue;
    const changed = new Map(candidate.changes.filter(([index, span]) => cost(spans[index] as TileSpan, span) > 0));
    if (packed(spans.slice(first).map((span, offset) => changed.get(first + offset) ?? span), columns, before.copy()).empty === 0) return changed;
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
