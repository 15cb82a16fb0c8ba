import subsetFont from 'subset-font';

/** subset-font 2.9's options that @types/subset-font (2.3) does not list yet. */
type CutOptions = NonNullable<Parameters<typeof subsetFont>[2]> & { noHinting?: boolean; dropTables?: string[] };
const cut = subsetFont as (font: Buffer, text: string, options: CutOptions) => Promise<Buffer>;

/**
 * The glyphs of `text` cut from `font`, as woff2 (TrueType for tests). `hinted: false` leaves out
 * the TrueType instructions (`fpgm`, `prep`, `cvt `) and `STAT`: only Windows draws small sizes
 * with instructions; Android (FreeType), iOS and macOS (Core Text) ignore them, which is why
 * Google Fonts serves unhinted faces to every platform but Windows. Used for the typeface's parts
 * at build time (scripts/vite/studio-fonts.ts) and the wordmark's face (server/studio/wordmark-face.ts).
 */
export function cutFace(font: Buffer, text: string, { hinted = true, format = 'woff2' }: { hinted?: boolean; format?: 'woff2' | 'truetype' } = {}): Promise<Buffer> {
  return cut(font, text, hinted ? { targetFormat: format } : { targetFormat: format, noHinting: true, dropTables: ['STAT'] });
}
