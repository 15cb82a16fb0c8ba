import sharp from 'sharp';

/** Largest logo the site makes icons from. */
export const LOGO_MAX_BYTES = 1024 * 1024;

/**
 * What in an SVG could run, or reach outside the file, when a browser or the image library draws
 * it. The CMS refuses such a logo when the studio is saved; the site checks again before it draws
 * one, since a file can be replaced in the media library afterwards (and the image library would
 * follow an outside reference on the server).
 */
const SVG_DANGERS: Array<[RegExp, string]> = [
  [/<script\b/i, 'it contains a script'],
  [/\son[a-z]+\s*=/i, 'it contains an event handler'],
  [/<(foreignObject|iframe|embed|object|audio|video|animation)\b/i, 'it embeds a document or media'],
  [/<!(DOCTYPE|ENTITY)\b/i, 'it declares a DOCTYPE or entities'],
  [/javascript:/i, 'it contains a javascript: address'],
  [/@import\b/i, 'its style imports another file'],
  [/\b(?:xlink:)?href\s*=\s*["'](?!#|data:image\/(?:png|jpeg|webp|gif);base64,)/i, 'it refers to another file'],
  [/url\(\s*["']?(?!#|data:image\/(?:png|jpeg|webp|gif);base64,)/i, 'it refers to another file'],
];

export type LogoKind = 'svg' | 'png';

/** The logo's kind when the site can draw icons from it, or why it cannot (issue 37). */
export async function checkLogo(bytes: Buffer, mime: string): Promise<{ kind: LogoKind } | { problem: string }> {
  if (bytes.byteLength > LOGO_MAX_BYTES) return { problem: `it is larger than ${LOGO_MAX_BYTES / 1024} KB` };
  const kind: LogoKind | undefined = mime === 'image/svg+xml' ? 'svg' : mime === 'image/png' ? 'png' : undefined;
  if (!kind) return { problem: `it is ${mime || 'of no known type'}, not an SVG or a PNG` };
  if (kind === 'svg') {
    const text = bytes.toString('utf8');
    if (!/<svg[\s>]/i.test(text)) return { problem: 'it is not an SVG drawing' };
    for (const [pattern, why] of SVG_DANGERS) if (pattern.test(text)) return { problem: why };
  }
  try {
    const { width, height } = await sharp(bytes, { failOn: 'error' }).metadata();
    if (!width || !height) return { problem: 'it has no size' };
  } catch {
    return { problem: 'it cannot be read as a picture (the file is damaged)' };
  }
  return { kind };
}
