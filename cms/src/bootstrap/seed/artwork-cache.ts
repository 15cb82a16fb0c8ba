import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { artworkSvg, type ArtworkSpec } from './artwork';

/** How the demo's pictures are encoded: part of what a kept picture was made with. */
const JPEG = { quality: 84, mozjpeg: false } as const;

/** A JPEG of the artwork's SVG, as a studio would upload a photographed or exported piece. */
export const rasterise = (svg: string): Promise<Buffer> => sharp(Buffer.from(svg)).jpeg(JPEG).toBuffer();

export interface ArtworkRenderer {
  render(spec: ArtworkSpec): Promise<Buffer>;
  /** Pictures taken from the folder, and pictures drawn, so far. */
  readonly kept: number;
  readonly drawn: number;
  /** A folder was given and it could not be used (not made, or not one of this user's alone). */
  readonly refused: boolean;
}

/**
 * What a kept picture was made with besides its SVG: sharp's and its libraries' versions (libvips,
 * librsvg, cairo, mozjpeg...), the JPEG settings and the drawing code itself.
 */
const ENCODER = JSON.stringify({ versions: sharp.versions, jpeg: JPEG, pipeline: String(rasterise) });

/** A temporary file this old was left by a CMS stopped half-way through writing it. */
const LEFT_BEHIND_MS = 10 * 60_000;

/**
 * A kept picture no seed has taken for this long is removed: the demo's art or the encoder has
 * changed since (each change keeps about 11 MB of pictures under a new name) or the checkout that
 * drew it is gone. A seed that takes a picture marks it taken (its modification time).
 */
export const UNUSED_FOR_MS = 14 * 24 * 60 * 60_000;

/** Whole JPEG data: starts with its start-of-image marker and ends with its end-of-image one. */
const wholeJpeg = (data: Buffer) => data.length > 4 && data[0] === 0xff && data[1] === 0xd8 && data[data.length - 2] === 0xff && data[data.length - 1] === 0xd9;

/**
 * Draws the demo's pictures, keeping them in `folder` between seeds when one is given
 * (CMS_SEED_CACHE_DIR). Drawing the demo's ~150 pictures is about 10 s of a 27 s seed, and the test
 * suites seed several studios a run from the same pictures. A picture is kept under a hash of
 * what it is made from: its SVG (the drawing and its type, whole: the type is drawn as paths) and
 * the encoder (`ENCODER`), so a change to any of them draws it again. Written under a
 * temporary name and renamed, so two seeds at once never read half a picture; a kept file that is
 * not a whole JPEG is drawn again. Only a folder of this user's that no one else may write is used
 * (the suites' is under the machine's shared temporary folder, where another user could make it
 * first and fill it). The folder is a convenience: one that cannot be used leaves the seed drawing
 * every picture, never failing it. Pictures no seed has taken for two weeks are removed when a seed
 * opens the folder (`UNUSED_FOR_MS`), so it holds about one set of the demo's pictures, not one per
 * change to them.
 */
export function artworkRenderer(folder: string | undefined, draw: (svg: string) => Promise<Buffer> = rasterise): ArtworkRenderer {
  const counts = { kept: 0, drawn: 0, refused: false };
  let usable: Promise<boolean> | undefined;
  const use = (folder: string) =>
    ownFolder(folder).then((own) => {
      counts.refused = !own;
      return own;
    });
  const drawn = async (svg: string) => {
    counts.drawn += 1;
    return draw(svg);
  };
  return {
    get kept() {
      return counts.kept;
    },
    get drawn() {
      return counts.drawn;
    },
    get refused() {
      return counts.refused;
    },
    async render(spec) {
      const svg = artworkSvg(spec);
      if (!folder || !(await (usable ??= use(folder)))) return drawn(svg);
      const file = path.join(folder, `${createHash('sha256').update(ENCODER).update('\0').update(svg).digest('hex')}.jpg`);
      const kept = await fs.readFile(file).catch(() => undefined);
      if (kept && wholeJpeg(kept)) {
        counts.kept += 1;
        const now = new Date();
        await fs.utimes(file, now, now).catch(() => undefined);
        return kept;
      }
      const data = await drawn(svg);
      const temporary = `${file}.${randomUUID()}.tmp`;
      await fs
        .writeFile(temporary, data)
        .then(() => fs.rename(temporary, file))
        .catch(() => fs.rm(temporary, { force: true }).catch(() => undefined));
      return data;
    },
  };
}

/**
 * Made if need be (mode 0700), then whether it is a folder (not a link to one) of this user's that
 * no one else may write; the temporary files a stopped CMS left in it, and the pictures no seed has
 * taken for `UNUSED_FOR_MS`, are removed.
 */
async function ownFolder(folder: string): Promise<boolean> {
  try {
    await fs.mkdir(folder, { recursive: true, mode: 0o700 });
    const stat = await fs.lstat(folder);
    const own = stat.isDirectory() && (stat.mode & 0o022) === 0 && (typeof process.getuid !== 'function' || stat.uid === process.getuid());
    if (own) await removeLeftBehind(folder);
    return own;
  } catch {
    return false;
  }
}

async function removeLeftBehind(folder: string): Promise<void> {
  for (const name of await fs.readdir(folder)) {
    const age = name.endsWith('.tmp') ? LEFT_BEHIND_MS : name.endsWith('.jpg') ? UNUSED_FOR_MS : undefined;
    if (age === undefined) continue;
    const file = path.join(folder, name);
    const stat = await fs.lstat(file).catch(() => undefined);
    if (stat?.isFile() && Date.now() - stat.mtimeMs > age) await fs.rm(file, { force: true }).catch(() => undefined);
  }
}
