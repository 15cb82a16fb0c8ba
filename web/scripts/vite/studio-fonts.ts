import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import { STUDIO } from '../../app/lib/studio';

/**
 * `virtual:studio-fonts`: the spec's typeface (Raleway, OFL, from @fontsource) in its three
 * weights, cut down at build time to the characters a page can show in it: printable ASCII and a
 * few typographic marks. The site's text is Chinese (the system's CJK font draws it); the Latin
 * words (the wordmark, menu labels, dates, English translations) need nothing else. Each weight
 * drops from about 22 KB to 14 KB. Other characters fall back per glyph (unicode-range).
 */
export const FONT_CHARACTERS = `${Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i)).join('')}·–—‘’“”…`;
export const FONT_UNICODE_RANGE = 'U+0020-007E,U+00B7,U+2013-2014,U+2018-2019,U+201C-201D,U+2026';
const WEIGHTS = { thin: 100, regular: 400, bold: 700 } as const;
/**
 * The wordmark's letters in the bold weight, small enough (about 2 KB) to travel inside the page's
 * head as a data URL with font-display: block: the wordmark is drawn in Raleway from the first
 * paint on every page, never in a fallback that changes once the font is cached (issue 30). With
 * them the language toggle's CN and EN, which sit beside it in the header.
 */
export const LANGUAGE_LABELS = 'CN EN';
export const WORDMARK_CHARACTERS = [...new Set(STUDIO.nameLatin + LANGUAGE_LABELS)].join('');
const ID = 'virtual:studio-fonts';

export function studioFonts(): Plugin {
  const require = createRequire(import.meta.url);
  const subsets = new Map<number, Promise<Buffer>>();
  const subset = (weight: number) => {
    let made = subsets.get(weight);
    if (!made) {
      made = fs
        .readFile(require.resolve(`@fontsource/raleway/files/raleway-latin-${weight}-normal.woff2`))
        .then((font) => subsetFont(font, FONT_CHARACTERS, { targetFormat: 'woff2' }));
      subsets.set(weight, made);
    }
    return made;
  };
  let serve = false;
  return {
    name: 'studio:fonts',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId(source) {
      return source === ID ? `\0${ID}` : undefined;
    },
    async load(id) {
      if (id !== `\0${ID}`) return undefined;
      const entries = await Promise.all(
        Object.entries(WEIGHTS).map(async ([name, weight]) => {
          const font = await subset(weight);
          // The development server has no emitted assets: the fonts travel inline there.
          if (serve) return `${name}: ${JSON.stringify(`data:font/woff2;base64,${font.toString('base64')}`)}`;
          const ref = this.emitFile({ type: 'asset', name: `raleway-${weight}.woff2`, source: font });
          return `${name}: import.meta.ROLLUP_FILE_URL_${ref}`;
        }),
      );
      const wordmark = await fs
        .readFile(require.resolve(`@fontsource/raleway/files/raleway-latin-${WEIGHTS.bold}-normal.woff2`))
        .then((font) => subsetFont(font, WORDMARK_CHARACTERS, { targetFormat: 'woff2' }));
      return (
        `export const FONT_FILES = { ${entries.join(', ')} };\nexport const FONT_UNICODE_RANGE = ${JSON.stringify(FONT_UNICODE_RANGE)};\n` +
        `export const WORDMARK_FONT = ${JSON.stringify(`data:font/woff2;base64,${wordmark.toString('base64')}`)};\n`
      );
    },
  };
}
