import fs from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';
import { FONT_PARTS, inPart, unicodeRange } from '~/styles/font-ranges';
import { cutFace } from '~/styles/cut-face.server';

/** The wordmark's face: its CSS (`@font-face`, fonts inline) and a name that changes with its letters. */
export interface WordmarkFace {
  href: string;
  css: string;
}


/** The wordmark is set in the bold weight (spec 9: regular, thin, bold). */
const WEIGHT = 700;

/**
 * The face of the studio's wordmark (issue 37): the bold weight cut to the letters of its Latin
 * name and the language toggle's, made on the server whenever those letters change and kept
 * (a couple of KB). It travels inside the page's head, so the wordmark is drawn in the spec's
 * face from the first paint, whatever name the studio gives itself.
 */
export function createWordmarkFaces({ max = 16 }: { max?: number } = {}) {
  const require = createRequire(import.meta.url);
  const sources = new Map<string, Promise<Buffer>>();
  const source = (name: string) => {
    let file = sources.get(name);
    if (!file) {
      file = fs.readFile(require.resolve(`@fontsource/raleway/files/raleway-${name}-${WEIGHT}-normal.woff2`));
      sources.set(name, file);
    }
    return file;
  };
  const made = new LRUCache<string, Promise<WordmarkFace>>({ max });

  async function make(letters: string): Promise<WordmarkFace> {
    const faces: string[] = [];
    for (const part of FONT_PARTS) {
      const mine = [...letters].filter((letter) => inPart(part, letter)).join('');
      if (!mine) continue;
      // Without hinting (`fpgm`, `prep`, `cvt `: 4 KB of a 5.5 KB face): browsers other than on
      // Windows ignore it, Google Fonts serves its faces unhinted to them, and the face travels in
      // every document's first bytes (decision 022).
      const font = await cutFace(await source(part.source), mine, { hinted: false });
      faces.push(
        `@font-face{font-family:"Studio Wordmark";font-style:normal;font-weight:${WEIGHT};font-display:block;` +
          `src:url(data:font/woff2;base64,${font.toString('base64')}) format("woff2");unicode-range:${unicodeRange(part)};}`,
      );
    }
    const css = faces.join('');
    return { href: `studio-wordmark-${createHash('sha256').update(css).digest('base64url').slice(0, 10)}`, css };
  }

  /** The face for `text` (each letter once, in a fixed order, so equal letters share one face). */
  return (text: string): Promise<WordmarkFace> => {
    const letters = [...new Set(text)].sort().join('');
    let face = made.get(letters);
    if (!face) {
      face = make(letters);
      face.catch(() => made.delete(letters));
      made.set(letters, face);
    }
    return face;
  };
}

export type WordmarkFaces = ReturnType<typeof createWordmarkFaces>;
