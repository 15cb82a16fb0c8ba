/**
 * The spec's typeface (Raleway, SIL Open Font License, from @fontsource) is cut into four parts
 * per weight, each with its `unicode-range` (issue 37): a browser downloads a part only when the
 * page shows one of its characters. Chinese text uses the system's CJK font either way.
 * - `latin`: printable ASCII and the marks every page shows (© · – — “ ” …): what a page in
 *   Chinese or English needs, no more than before.
 * - `latin-1`: the rest of Latin-1 Supplement (ä ö ü ß é ñ ç å ø…): German, French, Spanish,
 *   the Nordic languages.
 * - `latin-ext`: Latin Extended-A and -B (Polish, Czech, Turkish, Hungarian, Romanian, the Baltic
 *   languages…: ł ś ż č ř ğ ı ő ș ț).
 * - `vietnamese`: the letters with stacked marks Vietnamese needs, where Raleway has them.
 */
export interface FontPart {
  /** The part's name (its built file is `raleway-<name>-<weight>.woff2`). */
  name: 'latin' | 'latin-1' | 'latin-ext' | 'vietnamese';
  /** @fontsource/raleway's file family it is cut from: `raleway-<source>-<weight>-normal.woff2`. */
  source: 'latin' | 'latin-ext' | 'vietnamese';
  /** The code points kept, as [first, last] ranges. */
  ranges: ReadonlyArray<readonly [number, number]>;
}

export const FONT_PARTS: readonly FontPart[] = [
  {
    name: 'latin',
    source: 'latin',
    ranges: [
      [0x20, 0x7e],
      [0xa0, 0xa0],
      [0xa9, 0xa9],
      [0xae, 0xae],
      [0xb7, 0xb7],
      [0x2013, 0x2014],
      [0x2018, 0x2019],
      [0x201c, 0x201d],
      [0x2022, 0x2022],
      [0x2026, 0x2026],
      [0x20ac, 0x20ac],
      [0x2122, 0x2122],
    ],
  },
  { name: 'latin-1', source: 'latin', ranges: [[0xa1, 0xa8], [0xaa, 0xad], [0xaf, 0xb6], [0xb8, 0xff], [0x152, 0x153]] },
  { name: 'latin-ext', source: 'latin-ext', ranges: [[0x100, 0x151], [0x154, 0x24f], [0x1e9e, 0x1e9e]] },
  { name: 'vietnamese', source: 'vietnamese', ranges: [[0x300, 0x301], [0x303, 0x303], [0x309, 0x309], [0x323, 0x323], [0x1ea0, 0x1ef9], [0x20ab, 0x20ab]] },
];

const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');

/** A part's `unicode-range` descriptor. */
export const unicodeRange = (part: FontPart): string =>
  part.ranges.map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`)).join(',');

/** Every character of a part (what it is cut to). */
export const partCharacters = (part: FontPart): string =>
  part.ranges.map(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i)).join('')).join('');

/** Whether `character` is one of a part's. */
export const inPart = (part: FontPart, character: string): boolean => {
  const code = character.codePointAt(0) ?? -1;
  return part.ranges.some(([first, last]) => code >= first && code <= last);
};
