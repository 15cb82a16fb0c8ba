import { describe, expect, it } from 'vitest';
import { emptyCells, fillLastRow, GRID_COLUMN_COUNTS, gridFillStyles, type TileSpan } from './grid-fill';

const tiles = (pattern: string): TileSpan[] => [...pattern].map((c) => ({ columns: 1, rows: c === 'T' ? 2 : 1 }));

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('dense placement', () => {
  it('counts the empty cells CSS grid leaves', () => {
    expect(emptyCells(tiles('nnn'), 3)).toBe(0);
    expect(emptyCells(tiles('nnnn'), 3)).toBe(2);
    // A tall tile in column one, dense flow fills the cell under nothing else: T n n / . n n
    expect(emptyCells(tiles('Tnnnn'), 3)).toBe(0);
    expect(emptyCells(tiles('Tnnn'), 3)).toBe(1);
    expect(emptyCells([{ columns: 2, rows: 1 }, ...tiles('n')], 3)).toBe(0);
  });
});

/** CSS grid's dense placement, cell by cell, as the specification words it: the reference. */
function emptyCellsByCell(spans: TileSpan[], columns: number): number {
  const taken = new Set<string>();
  let rowsUsed = 0;
  let area = 0;
  for (const span of spans) {
    const width = Math.min(span.columns, columns);
    const cells = (row: number, column: number) => Array.from({ length: span.rows * width }, (_, i) => `${row + Math.floor(i / width)},${column + (i % width)}`);
    search: for (let row = 0; ; row += 1) {
      for (let column = 0; column + width <= columns; column += 1) {
        if (cells(row, column).some((cell) => taken.has(cell))) continue;
        for (const cell of cells(row, column)) taken.add(cell);
        rowsUsed = Math.max(rowsUsed, row + span.rows);
        area += width * span.rows;
        break search;
      }
    }
  }
  return rowsUsed * columns - area;
}

describe('dense placement, row by row', () => {
  it('leaves the cells the cell-by-cell placement leaves, for tiles one to four columns wide and one or two rows high', () => {
    const next = random(3);
    for (let trial = 0; trial < 400; trial += 1) {
      const spans = Array.from({ length: 1 + Math.floor(next() * 40) }, () => ({ columns: 1 + Math.floor(next() * next() * 4), rows: next() < 0.3 ? 2 : 1 }));
      for (const columns of GRID_COLUMN_COUNTS) expect(emptyCells(spans, columns), JSON.stringify({ spans, columns })).toBe(emptyCellsByCell(spans, columns));
    }
  });
});

describe('a grid that ends flush', () => {
  it('widens the last tile when the last row is short', () => {
    expect(fillLastRow(tiles('nnnn'), 3)).toEqual(new Map([[3, { columns: 3, rows: 1 }]]));
    expect(fillLastRow(tiles('nnnnn'), 3)).toEqual(new Map([[4, { columns: 2, rows: 1 }]]));
    expect(fillLastRow(tiles('nnn'), 3).size).toBe(0);
  });

  it('leaves no empty cell for any count up to 60 tiles, any mix of tall tiles, at every column count', () => {
    const next = random(7);
    for (let count = 1; count <= 60; count += 1) {
      for (let trial = 0; trial < 6; trial += 1) {
        const spans = Array.from({ length: count }, () => ({ columns: 1, rows: next() < 0.3 ? 2 : 1 }));
        for (const columns of GRID_COLUMN_COUNTS) {
          const changes = fillLastRow(spans, columns);
          const filled = spans.map((span, index) => changes.get(index) ?? span);
          expect(emptyCells(filled, columns), `${count} tiles, ${columns} columns`).toBe(0);
          expect(filled.every((span) => span.columns <= columns)).toBe(true);
        }
      }
    }
  });

  it('writes only the changes, as custom properties per column count', () => {
    const styles = gridFillStyles([false, false, false, false]);
    expect(styles.slice(0, 3)).toEqual([{}, {}, {}]);
    // Four tiles: flush at 2 and 4 columns; at 3 the last takes the row; at 5, two cells.
    expect(styles[3]).toMatchObject({ '--c3-columns': 3, '--c5-columns': 2 });
    expect(styles[3]).not.toHaveProperty('--c2-columns');
    expect(styles[3]).not.toHaveProperty('--c4-columns');
  });
});
