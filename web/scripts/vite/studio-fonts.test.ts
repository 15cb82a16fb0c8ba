import { describe, expect, it } from 'vitest';
import { FONT_PARTS, inPart, partCharacters, unicodeRange } from '../../app/styles/font-ranges';
import { cutPart } from './studio-fonts';

/** The code points a CSS unicode-range covers. */
function covered(range: string): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(',')) {
    const [from, to = from] = part.replace('U+', '').split('-');
    for (let point = parseInt(from!, 16); point <= parseInt(to!, 16); point += 1) points.add(point);
  }
  return points;
}

const partOf = (character: string) => FONT_PARTS.find((part) => inPart(part, character));

describe('the typeface, cut into parts', () => {
  it('declares exactly the characters each part keeps, so others fall back per glyph instead of vanishing', () => {
    for (const part of FONT_PARTS) {
      const kept = [...partCharacters(part)].map((character) => character.codePointAt(0)!);
      expect([...covered(unicodeRange(part))].sort((a, b) => a - b), part.name).toEqual(kept.sort((a, b) => a - b));
    }
  });

  it('draws every letter of the Latin languages a studio may write in (issue 37)', () => {
    const words = ['Brand identity, 2024-05-01: “Moon” — 100%…', 'Über Straße', 'Café déjà vu', 'Łódź Źdźbło', 'Příběh ěščřžýáíé', 'İstanbul ğüşöç ı', 'Nguyễn Thị Ánh', 'Árvíztűrő', 'Științe'];
    for (const word of words) {
      for (const character of word.replace(/\s/g, '')) expect(partOf(character), `${word}: ${character}`).toBeDefined();
    }
  });

  it('keeps a page in Chinese or English to one part, and the parts apart', () => {
    for (const character of '© 2026 Studio · Projects – “Moon”…') expect(partOf(character)?.name, character).toBe('latin');
    for (const character of 'ÜßéÇø') expect(partOf(character)?.name, character).toBe('latin-1');
    const all = FONT_PARTS.flatMap((part) => [...partCharacters(part)]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('cuts a part with glyphs for its letters (German and Polish in the regular weight)', async () => {
    const [latin, latin1, extended] = await Promise.all(FONT_PARTS.slice(0, 3).map((part) => cutPart(400, part)));
    expect(latin!.byteLength).toBeGreaterThan(4_000);
    expect(latin!.byteLength).toBeLessThan(16_000);
    expect(latin1!.byteLength).toBeGreaterThan(2_000);
    expect(extended!.byteLength).toBeGreaterThan(2_000);
  });

  it('cuts a phone’s parts without hinting: the same glyphs, and the Latin part of a weight within a new connection’s first round trip', async () => {
    /** A TrueType file's table tags and its glyph count (`maxp`). */
    const tables = (font: Buffer) => {
      const tags = new Map<string, number>();
      for (let entry = 0; entry < font.readUInt16BE(4); entry += 1) {
        const at = 12 + entry * 16;
        tags.set(font.toString('latin1', at, at + 4), font.readUInt32BE(at + 8));
      }
      const glyphs = font.readUInt16BE(tags.get('maxp')! + 4);
      return { tags: [...tags.keys()], glyphs };
    };
    for (const weight of [100, 400, 700]) {
      const [hinted, unhinted] = await Promise.all([cutPart(weight, FONT_PARTS[0]!, { format: 'truetype' }), cutPart(weight, FONT_PARTS[0]!, { hinted: false, format: 'truetype' })]);
      expect(tables(hinted).tags).toEqual(expect.arrayContaining(['fpgm', 'prep', 'glyf']));
      expect(tables(unhinted).tags).not.toContain('fpgm');
      expect(tables(unhinted).tags).not.toContain('prep');
      expect(tables(unhinted).glyphs).toBe(tables(hinted).glyphs);
      // TCP's first window is 10 segments of 1,460 bytes; the response's headers take some of it.
      expect((await cutPart(weight, FONT_PARTS[0]!, { hinted: false })).byteLength).toBeLessThan(12_500);
    }
  });
});
