/**
 * Where the uploads are read from: the CMS's /uploads, or the public URL of the bucket the CMS
 * keeps them in (S3_*, issue 29). Either way they reach visitors as the site's own /uploads/<key>.
 */
export interface MediaOrigins {
  baseUrl: string;
  mediaBaseUrl?: string;
}

/** The base URL uploads are read from (no trailing slash): the bucket's, or the CMS's /uploads. */
export const mediaBaseUrl = (origins: MediaOrigins): string => origins.mediaBaseUrl ?? `${origins.baseUrl}/uploads`;

export interface MediaFormat {
  url: string;
  width: number;
  height: number;
}

export interface Media {
  url: string;
  kind: 'image' | 'video';
  alt: string;
  width: number | null;
  height: number | null;
  /** Its colours, drawn until it arrives (lib/media/placeholder.ts); null for videos and older uploads. */
  placeholder: string | null;
  /** Strapi's responsive renditions (thumbnail, small, medium, large), smallest first. */
  formats: MediaFormat[];
  /**
   * The point the editor set in Strapi's media library that every crop keeps (per cent of the
   * width and height from the top left); null: the centre.
   */
  focus?: { x: number; y: number } | null;
}

/** Videos a browser plays (issue 37): MP4 and WebM. */
const PLAYABLE_VIDEO = /^video\/(mp4|webm)$/i;
const VIDEO_EXTENSIONS = new Set(['.mp4', '.webm']);

/**
 * A file is a video when its MIME type is one a browser plays, or, where the CMS gives none, its
 * extension is (spec 3: `.mp4` files are videos); everything else is a picture.
 */
export function isVideo({ mime, ext, url = '' }: { mime?: string | null; ext?: string | null; url?: string }): boolean {
  if (mime) return PLAYABLE_VIDEO.test(mime.trim());
  return VIDEO_EXTENSIONS.has((ext ?? url.slice(url.lastIndexOf('.'))).toLowerCase());
}

/** The CSS `object-position` that keeps a picture's focus inside any crop (the centre by default). */
export const focusPosition = (media: Pick<Media, 'focus'>): string | undefined => (media.focus ? `${media.focus.x}% ${media.focus.y}%` : undefined);

/**
 * Media reach the browser from the site's own origin: Strapi's local uploads ("/uploads/...")
 * stay site-relative, absolute URLs that point at the CMS itself are made relative too, and an
 * object in the media bucket becomes /uploads/<key> (server/media serves it from the bucket).
 */
export function siteRelativeUrl(url: string, origins: MediaOrigins): string {
  const media = mediaBaseUrl(origins);
  if (url.startsWith(`${media}/`)) return `/uploads/${url.slice(media.length + 1)}`;
  if (origins.baseUrl && url.startsWith(origins.baseUrl)) return url.slice(origins.baseUrl.length) || '/';
  return url;
}

/** Spec 3: the cover is the first non-video image. */
export const coverImage = (media: readonly Media[]): Media | undefined => media.find((item) => item.kind === 'image');

/** Widths the image endpoint makes (server/images): nothing else can be asked for. */
export const IMAGE_WIDTHS = [240, 360, 480, 640, 800, 960, 1200, 1600, 2000, 2400] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** An upload on the site's origin: its own `/uploads/<key>`, or a share link's `/s/<token>/uploads/<key>` (issue 39). */
const SITE_UPLOAD = /^(\/s\/[A-Za-z0-9_-]+)?\/uploads\//;

/** Raster uploads on the site's origin go through the image endpoint (AVIF/WebP, right-sized). */
export const isResizable = (media: Pick<Media, 'kind' | 'url'>) => media.kind === 'image' && SITE_UPLOAD.test(media.url) && /\.(jpe?g|png|webp|avif|tiff?)$/i.test(media.url);

/**
 * A share link's copy of what a page shows (issue 39): every upload's address under the link's own
 * (`/s/<token>/uploads/…`), which serves the files of the item it shows and nothing else.
 */
export function underShare<T>(value: T, token: string): T {
  const walk = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(walk);
    if (typeof item !== 'object' || item === null) return item;
    const fields = Object.entries(item).map(([key, field]) => [key, key === 'url' && typeof field === 'string' && field.startsWith('/uploads/') ? `/s/${token}${field}` : walk(field)]);
    return Object.fromEntries(fields);
  };
  return walk(value) as T;
}

/** The image endpoint's URL of `media` at `width` (the format follows the browser's Accept). */
export const imageUrl = (media: Media, width: ImageWidth) => `/_img/${width}${media.url}`;

/**
 * `src` and `srcset` for <img>: the endpoint's widths up to the original's (never upscaled), or
 * Strapi's own formats for images it cannot resize (not on the site's origin, SVG, GIF).
 */
export function imageSources(media: Media): { src: string; srcSet?: string } {
  if (isResizable(media)) {
    const original = media.width ?? Number.POSITIVE_INFINITY; // unknown: the endpoint never enlarges
    const widths: ImageWidth[] = IMAGE_WIDTHS.filter((width) => width <= original);
    const largest = IMAGE_WIDTHS.find((width) => width >= original);
    if (largest && !widths.includes(largest)) widths.push(largest);
    const src = imageUrl(media, widths.find((width) => width >= 800) ?? widths[widths.length - 1]!);
    return { src, srcSet: widths.map((width) => `${imageUrl(media, width)} ${Math.min(width, original)}w`).join(', ') };
  }
  const candidates = [...media.formats];
  if (media.width) candidates.push({ url: media.url, width: media.width, height: media.height ?? 0 });
  const unique = candidates.filter((candidate, index) => candidates.findIndex((c) => c.width === candidate.width) === index);
  return { src: media.url, srcSet: unique.length > 1 ? unique.map((candidate) => `${candidate.url} ${candidate.width}w`).join(', ') : undefined };
}

/**
 * The upright cut the image endpoint makes of a landscape picture (`tall-<width>-<x>-<y>`), 3:4:
 * what an upright screen shows of a picture drawn to cover it, when the screen is no wider
 * (`TALL_SCREEN`). A landscape picture at a phone's height is drawn three screens wide or more;
 * the cut holds the part on the screen (decision 022, fifteenth pass). Not narrower: a phone's
 * aspect ratio is not one number (its toolbars come and go), and a cut chosen on one reading and
 * not on another is a picture downloaded twice (an emulated iPhone 14, 390 × 664, fetched both
 * files of a 9:16 cut).
 */
export const TALL_ASPECT = 3 / 4;
/** Screens no wider than the cut: they show none of the picture outside it. */
export const TALL_SCREEN = '(max-aspect-ratio: 3/4)';

/** A focus in the image endpoint's steps of 5 %, for its cuts (at most 441 of one picture per size). */
export function focusInSteps(focus: { x: number; y: number }) {
  const step = (value: number) => Math.min(100, Math.max(0, Math.round(value / 5) * 5));
  return { x: step(focus.x), y: step(focus.y) };
}

/** The upright cut's focus: the editor's in steps (the centre when none was set). */
export const tallFocus = (media: Pick<Media, 'focus'>) => focusInSteps(media.focus ?? { x: 50, y: 50 });

/**
 * The upright cut's candidates (`srcset`), its widths up to the cut's own; none for a picture the
 * endpoint cannot cut, or one not wider than it is tall (little to gain).
 */
export function tallSources(media: Media): { srcSet: string } | undefined {
  if (!isResizable(media) || !media.width || !media.height || media.width <= media.height) return undefined;
  const cut = Math.round(media.height * TALL_ASPECT);
  const widths: ImageWidth[] = IMAGE_WIDTHS.filter((width) => width <= cut);
  const largest = IMAGE_WIDTHS.find((width) => width >= cut);
  if (largest && !widths.includes(largest)) widths.push(largest);
  const { x, y } = tallFocus(media);
  return { srcSet: widths.map((width) => `/_img/tall-${width}-${x}-${y}${media.url} ${Math.min(width, cut)}w`).join(', ') };
}
