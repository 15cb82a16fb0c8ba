import sharp from 'sharp';
import { TALL_ASPECT } from '~/lib/media/media';
import { SHARE_CARD } from '~/lib/document/seo';

/**
 * How a variant is made from its original (the image endpoint serves and keeps it): the layout
 * widths, the social card and the landing's upright cut, each in one of the formats.
 */
export type Format = 'avif' | 'webp' | 'jpeg' | 'png';
/** What a request asks to be made: one of the layout widths, a social card or an upright cut, both around a focus. */
export type Size = { width: number } | { card: Focus } | { tall: Focus & { width: number } };
export type Focus = { x: number; y: number };

/**
 * Where a frame of `frame` px is cut from a picture of `picture` px so that the focus sits at the
 * same fraction of the frame as of the picture (like CSS `object-position`), never outside it.
 */
const cutAt = (picture: number, frame: number, focus: number) => Math.round(((picture - frame) * focus) / 100);

/**
 * `original` turned upright (its EXIF orientation), with its size once upright: one pipeline from
 * the file to the cut, nothing encoded in between (an AVIF original would otherwise be encoded
 * once more, at length, and a JPEG lose quality twice).
 */
async function upright(original: Buffer) {
  const { autoOrient } = await sharp(original, { failOn: 'error' }).metadata();
  return { image: () => sharp(original, { failOn: 'error' }).autoOrient(), width: autoOrient.width, height: autoOrient.height };
}

/** A 1200×630 card from `original`: scaled to cover the card, then cut around the focus. */
async function cardOf(original: Buffer, focus: Focus) {
  const rotated = await upright(original);
  const { width, height } = rotated;
  const scale = Math.max(SHARE_CARD.width / width, SHARE_CARD.height / height);
  const scaled = { width: Math.max(SHARE_CARD.width, Math.round(width * scale)), height: Math.max(SHARE_CARD.height, Math.round(height * scale)) };
  const left = cutAt(scaled.width, SHARE_CARD.width, focus.x);
  const top = cutAt(scaled.height, SHARE_CARD.height, focus.y);
  return rotated.image().resize(scaled.width, scaled.height).extract({ left, top, ...SHARE_CARD });
}

/**
 * An upright cut (`TALL_ASPECT`, 3:4) of `original` around the focus, at `width` or the cut's own
 * width if smaller: what an upright phone's screen shows of a wider picture drawn to cover it
 * (decision 022, fifteenth pass). A picture narrower than 3:4 is cut at its top and bottom instead
 * (the site asks only for landscape pictures).
 */
async function tallOf(original: Buffer, { x, y, width }: Focus & { width: number }) {
  const rotated = await upright(original);
  const { width: pictureWidth, height: pictureHeight } = rotated;
  const cut = {
    width: Math.min(pictureWidth, Math.round(pictureHeight * TALL_ASPECT)),
    height: Math.min(pictureHeight, Math.round(pictureWidth / TALL_ASPECT)),
  };
  return rotated
    .image()
    .extract({ left: cutAt(pictureWidth, cut.width, x), top: cutAt(pictureHeight, cut.height, y), ...cut })
    .resize({ width, withoutEnlargement: true });
}

/** Each lossy format's quality. */
const QUALITY: Record<Exclude<Format, 'png'>, number> = {
  // AVIF at effort 2: a 2400px picture in about a second on one core, against seven at the
  // default 4, for files within a few per cent of the same size.
  avif: 50,
  webp: 74,
  jpeg: 78,
};
/**
 * The lower AVIF qualities a budgeted cut may step down to. Only AVIF's: a WebP of a busy cut
 * shrank to 0.82 of its size at quality 50 against 74, AVIF's to 0.45 at 32 against 50.
 */
const AVIF_STEPS = [44, 38, 32] as const;

/**
 * The most an upright cut a phone asks for may weigh (`tall-…` at most `TALL_BUDGET_MAX_WIDTH`
 * wide: the landing's background on an upright phone, its first picture). On slow 4G (1.6 Mbps,
 * 150 ms round trips) the demo's 26 KB cut ended its landing's first picture at 1.14 s against
 * 0.80–0.92 s for its 11–17 KB ones (decision 022, twenty-fourth pass). Over it, the cut is made
 * again in AVIF at the next lower quality, down to the last step and no lower; one far over it (a
 * busy photograph) goes to the last step at once. Drawn on a phone's screen at two or three device
 * pixels to the CSS pixel, the lower steps' losses are finer than the eye resolves there. Wider
 * cuts (a tablet's) keep the site's quality.
 */
export const TALL_MAX_BYTES = 15 * 1024;
export const TALL_BUDGET_MAX_WIDTH = 1200;
/** Past this many times the budget at the first quality, the steps between cannot bring it under. */
const FAR_OVER = 2.2;

/**
 * An AVIF's colour resolution: half (4:2:0, as every WebP and JPEG variant has it) when the studio's
 * own file keeps its colour at half resolution already (a JPEG as cameras and most exports save
 * it), else full (4:4:4: a PNG or a JPEG saved at full colour, graphics whose coloured edges
 * halving would blur). Sharp's default for AVIF is full colour whatever the original: the demo's
 * pictures, all half-colour JPEGs, weighed 0.79 of it at 800 px in half colour, and the project
 * page's first picture on a phone at slow 4G ended a round trip sooner (decision 022, forty-sixth
 * pass).
 */
export type Colour = '4:2:0' | '4:4:4';

export async function colourOf(original: Buffer): Promise<Colour> {
  const { format, chromaSubsampling } = await sharp(original, { failOn: 'error' }).metadata();
  return format === 'jpeg' && chromaSubsampling !== '4:4:4' ? '4:2:0' : '4:4:4';
}

/**
 * A variant's format as its name in the store says it: an AVIF's names it by its colour rule, so a
 * store kept from before the rule (every AVIF at full colour) makes them again rather than serve
 * the heavier ones.
 */
export const formatTag = (format: Format | 'original') => (format === 'avif' ? 'avif-colour-of-original' : format);

const encodeAt = (image: sharp.Sharp, format: Format, quality: number, colour: Colour): Promise<Buffer> => {
  switch (format) {
    case 'avif':
      return image.avif({ quality, effort: 2, chromaSubsampling: colour }).toBuffer();
    case 'webp':
      return image.webp({ quality }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 9, palette: true }).toBuffer();
    default:
      return image.jpeg({ quality, mozjpeg: true }).toBuffer();
  }
};

/** Whether a variant is made to `TALL_MAX_BYTES`: an upright cut a phone asks for, in AVIF. */
export const budgeted = (size: Size, format: Format | 'original') => format === 'avif' && 'tall' in size && size.tall.width <= TALL_BUDGET_MAX_WIDTH;

export async function encode(original: Buffer, size: Size, format: Format): Promise<Buffer> {
  const image =
    'card' in size
      ? await cardOf(original, size.card)
      : 'tall' in size
        ? await tallOf(original, size.tall)
        : sharp(original, { failOn: 'error' }).rotate().resize({ width: size.width, withoutEnlargement: true });
  if (format === 'png') return encodeAt(image, format, 0, '4:4:4');
  const colour = format === 'avif' ? await colourOf(original) : '4:4:4';
  let encoded = await encodeAt(image.clone(), format, QUALITY[format], colour);
  if (!budgeted(size, format)) return encoded;
  const steps = encoded.byteLength > TALL_MAX_BYTES * FAR_OVER ? AVIF_STEPS.slice(-1) : AVIF_STEPS;
  for (const quality of steps) {
    if (encoded.byteLength <= TALL_MAX_BYTES) break;
    encoded = await encodeAt(image.clone(), format, quality, colour);
  }
  return encoded;
}
