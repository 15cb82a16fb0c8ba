import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { cutFace } from '../../app/styles/cut-face.server.ts';
import { FONT_PARTS, partCharacters, unicodeRange } from '../../app/styles/font-ranges.ts';

/**
 * `virtual:studio-fonts`: the spec's typeface in its three weights, each cut at build time into
 * the parts of `app/styles/font-ranges.ts` (Latin, Latin-1, Latin Extended, Vietnamese), so a
 * German or Polish word is drawn in Raleway to its last letter and a page downloads only the parts
 * it shows. The wordmark's own face is cut on the server from the studio's Latin name
 * (`server/studio/wordmark-face.ts`). Each part is cut twice: with hinting for the web layout
 * (Windows draws small text with it) and without for the phone layout (decision 022, ninth pass).
 */
export const WEIGHTS = { thin: 100, regular: 400, bold: 700 } as const;
const ID = 'virtual:studio-fonts';

/**
 * A weight's part cut from @fontsource/raleway's file for that part; without hinting (`hinted:
 * false`) about 4 KB of a 15 KB Latin part lighter (`cutFace`). `format` is for tests.
 */
export async function cutPart(
  weight: number,
  part: (typeof FONT_PARTS)[number],
  { hinted = true, format = 'woff2' }: { hinted?: boolean; format?: 'woff2' | 'truetype' } = {},
): Promise<Buffer> {
  const require = createRequire(import.meta.url);
  const file = await fs.readFile(require.resolve(`@fontsource/raleway/files/raleway-${part.source}-${weight}-normal.woff2`));
  return cutFace(file, partCharacters(part), { hinted, format });
}

export function studioFonts(): Plugin {
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
      const address = (font: Buffer, name: string) =>
        // The development server has no emitted assets: the fonts travel inline there.
        serve ? JSON.stringify(`data:font/woff2;base64,${font.toString('base64')}`) : `import.meta.ROLLUP_FILE_URL_${this.emitFile({ type: 'asset', name, source: font })}`;
      const faces = await Promise.all(
        Object.values(WEIGHTS).flatMap((weight) =>
          FONT_PARTS.map(async (part) => {
            const [hinted, unhinted] = await Promise.all([cutPart(weight, part), cutPart(weight, part, { hinted: false })]);
            const url = address(hinted, `raleway-${part.name}-${weight}.woff2`);
            const phoneUrl = address(unhinted, `raleway-${part.name}-${weight}-unhinted.woff2`);
            return `{ weight: ${weight}, url: ${url}, phoneUrl: ${phoneUrl}, unicodeRange: ${JSON.stringify(unicodeRange(part))} }`;
          }),
        ),
      );
      return `export const FONT_FACES = [\n  ${faces.join(',\n  ')},\n];\n`;
    },
  };
}
