import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import { FONT_PARTS, partCharacters, unicodeRange } from '../../app/styles/font-ranges';

/**
 * `virtual:studio-fonts`: the spec's typeface in its three weights, each cut at build time into
 * the parts of `app/styles/font-ranges.ts` (Latin, Latin-1, Latin Extended, Vietnamese), so a
 * German or Polish word is drawn in Raleway to its last letter and a page downloads only the parts
 * it shows. The wordmark's own face is cut on the server from the studio's Latin name
 * (`server/studio/wordmark-face.ts`).
 */
export const WEIGHTS = { thin: 100, regular: 400, bold: 700 } as const;
const ID = 'virtual:studio-fonts';

/** A weight's part cut from @fontsource/raleway's file for that part. */
export async function cutPart(weight: number, part: (typeof FONT_PARTS)[number]): Promise<Buffer> {
  const require = createRequire(import.meta.url);
  const file = await fs.readFile(require.resolve(`@fontsource/raleway/files/raleway-${part.source}-${weight}-normal.woff2`));
  return subsetFont(file, partCharacters(part), { targetFormat: 'woff2' });
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
      const faces = await Promise.all(
        Object.values(WEIGHTS).flatMap((weight) =>
          FONT_PARTS.map(async (part) => {
            const font = await cutPart(weight, part);
            // The development server has no emitted assets: the fonts travel inline there.
            const url = serve
              ? JSON.stringify(`data:font/woff2;base64,${font.toString('base64')}`)
              : `import.meta.ROLLUP_FILE_URL_${this.emitFile({ type: 'asset', name: `raleway-${part.name}-${weight}.woff2`, source: font })}`;
            return `{ weight: ${weight}, url: ${url}, unicodeRange: ${JSON.stringify(unicodeRange(part))} }`;
          }),
        ),
      );
      return `export const FONT_FACES = [\n  ${faces.join(',\n  ')},\n];\n`;
    },
  };
}
