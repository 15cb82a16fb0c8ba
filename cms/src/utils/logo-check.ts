import sharp from 'sharp';

/** Largest logo the site makes icons from: a mark, not a poster. */
export const LOGO_MAX_BYTES = 1024 * 1024;

/**
 * What in an SVG could run, or reach outside the file, when a browser or an image library draws
 * it: scripts and event handlers, embedded documents, entities, and references to anything but
 * the file itself or an embedded picture.
 */
const SVG_DANGERS: Array<[RegExp, string]> = [
  [/<script\b/i, 'it contains a script'],
  [/\son[a-z]+\s*=/i, 'it contains an event handler (on…=)'],
  [/<(foreignObject|iframe|embed|object|audio|video|animation)\b/i, 'it embeds a document or media'],
  [/<!(DOCTYPE|ENTITY)\b/i, 'it declares a DOCTYPE or entities'],
  [/javascript:/i, 'it contains a javascript: address'],
  [/@import\b/i, 'its style imports another file'],
  [/\b(?:xlink:)?href\s*=\s*["'](?!#|data:image\/(?:png|jpeg|webp|gif);base64,)/i, 'it refers to another file (href)'],
  [/url\(\s*["']?(?!#|data:image\/(?:png|jpeg|webp|gif);base64,)/i, 'it refers to another file (url())'],
];

/**
 * Why a logo cannot be used, or null when it can (issue 37): an SVG without scripts or outside
 * references, or a PNG that decodes. The site makes the favicon and app icons from it.
 */
export async function logoProblem(bytes: Buffer, mime: string): Promise<string | null> {
  if (bytes.byteLength > LOGO_MAX_BYTES) return `it is ${Math.round(bytes.byteLength / 1024)} KB; a logo may be at most ${LOGO_MAX_BYTES / 1024} KB`;
  if (mime === 'image/svg+xml') {
    const text = bytes.toString('utf8');
    if (!/<svg[\s>]/i.test(text)) return 'it is not an SVG drawing';
    for (const [pattern, why] of SVG_DANGERS) if (pattern.test(text)) return why;
  } else if (mime !== 'image/png') {
    return `it is ${mime}; the logo must be an SVG or a PNG`;
  }
  try {
    const { width, height } = await sharp(bytes).metadata();
    if (!width || !height) return 'it has no size';
  } catch {
    return 'it cannot be read as a picture (the file is damaged)';
  }
  return null;
}
