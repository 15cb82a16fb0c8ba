import { describe, expect, it } from 'vitest';
import { STUDIO } from '../../app/lib/studio';
import { FONT_CHARACTERS, FONT_UNICODE_RANGE, WORDMARK_CHARACTERS } from './studio-fonts';

/** The code points a CSS unicode-range covers. */
function covered(range: string): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(',')) {
    const [from, to = from] = part.replace('U+', '').split('-');
    for (let point = parseInt(from!, 16); point <= parseInt(to!, 16); point += 1) points.add(point);
  }
  return points;
}

describe('the subset of the typeface', () => {
  it('declares exactly the characters it keeps, so others fall back per glyph instead of vanishing', () => {
    const kept = new Set([...FONT_CHARACTERS].map((character) => character.codePointAt(0)!));
    expect([...covered(FONT_UNICODE_RANGE)].sort((a, b) => a - b)).toEqual([...kept].sort((a, b) => a - b));
  });

  it('keeps the studio wordmark, English words, digits and dates', () => {
    for (const text of [STUDIO.nameLatin, 'CLICK OR SCROLL', 'Brand identity, 2024-05-01: “Moon” — 100%…']) {
      for (const character of text) expect(FONT_CHARACTERS, `${text}: ${character}`).toContain(character);
    }
  });

  it('gives the wordmark and the language toggle their own tiny face: each of their letters once, nothing else', () => {
    expect([...WORDMARK_CHARACTERS].sort().join('')).toBe([...new Set(`${STUDIO.nameLatin}CN EN`)].sort().join(''));
  });
});
