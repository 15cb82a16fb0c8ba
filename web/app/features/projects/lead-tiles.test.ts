import { describe, expect, it } from 'vitest';
import { mayLead, type FirstScreenTile } from './lead-tiles';

const tile = (tall: boolean, { respanned = false, cover = true } = {}): FirstScreenTile => ({ tall, respanned, cover });

describe("the grid's first-screen tiles that may be the picture a visitor waits for", () => {
  it('leaves out a tile no larger than one before it', () => {
    expect(mayLead([tile(true), tile(true)])).toEqual([true, false]);
    expect(mayLead([tile(true), tile(false), tile(true)])).toEqual([true, false, false]);
    expect(mayLead([tile(false), tile(false), tile(false)])).toEqual([true, false, false]);
  });

  it('keeps a tall tile after short ones: it shows more of itself wherever enough of it is in view', () => {
    expect(mayLead([tile(false), tile(true)])).toEqual([true, true]);
    expect(mayLead([tile(false), tile(false), tile(true)])).toEqual([true, false, true]);
  });

  it("keeps a tile the grid's end re-spans, and does not let it leave others out", () => {
    expect(mayLead([tile(false), tile(false, { respanned: true })])).toEqual([true, true]);
    expect(mayLead([tile(true, { respanned: true }), tile(true)])).toEqual([true, true]);
  });

  it('never names a tile without a picture, nor lets it leave others out', () => {
    expect(mayLead([tile(true, { cover: false }), tile(false), tile(false)])).toEqual([false, true, false]);
    expect(mayLead([])).toEqual([]);
  });
});
