import { z } from 'zod';
import { isResizable, isVideo, siteRelativeUrl, type Media, type MediaFormat, type MediaOrigins } from './media';
import { isPlaceholder } from './placeholder';

const formatSchema = z.object({ url: z.string(), width: z.number(), height: z.number() });

/** A Strapi media object as the content service returns it (only url and ext are guaranteed). */
export const mediaSchema = z.object({
  url: z.string(),
  ext: z.string().nullish(),
  name: z.string().nullish(),
  width: z.number().nullish(),
  height: z.number().nullish(),
  alternativeText: z.string().nullish(),
  formats: z.record(z.string(), formatSchema.nullish()).nullish(),
  // The CMS's placeholder of a picture; anything else is dropped, never drawn.
  placeholder: z.string().nullish().catch(null),
  mime: z.string().nullish(),
  // Set in Strapi's media library (per cent); anything out of range counts as none.
  focalPoint: z.object({ x: z.number().min(0).max(100), y: z.number().min(0).max(100) }).nullish().catch(null),
});

export type StrapiMedia = z.infer<typeof mediaSchema>;

/** The media fields the site asks for: the spec's url and ext, plus what responsive images need. */
export const MEDIA_FIELDS = ['url', 'ext', 'mime', 'name', 'width', 'height', 'alternativeText', 'formats', 'placeholder', 'focalPoint'] as const;

const percent = (value: number) => value >= 0 && value <= 100;

/** A focal point as whole per cents; none out of range (the centre then). */
const focusOf = (point: StrapiMedia['focalPoint']) => (point && percent(point.x) && percent(point.y) ? { x: Math.round(point.x), y: Math.round(point.y) } : null);

/** A Strapi media object as the site shows it; `origins` are the content service's (`MediaOrigins`). */
export function toMedia(raw: StrapiMedia, origins: MediaOrigins, fallbackAlt = ''): Media {
  const formats = Object.values(raw.formats ?? {})
    .filter((format): format is MediaFormat => Boolean(format))
    .map((format) => ({ ...format, url: siteRelativeUrl(format.url, origins) }))
    .sort((a, b) => a.width - b.width);
  const url = siteRelativeUrl(raw.url, origins);
  const kind = isVideo({ mime: raw.mime, ext: raw.ext, url: raw.url }) ? 'video' : 'image';
  return {
    url,
    kind,
    alt: raw.alternativeText?.trim() || fallbackAlt,
    width: raw.width ?? null,
    height: raw.height ?? null,
    placeholder: isPlaceholder(raw.placeholder) ? raw.placeholder : null,
    // The image endpoint makes every width of pictures on the site's origin; Strapi's formats are
    // kept only for the others, so pages do not carry them in their data.
    formats: isResizable({ kind, url }) ? [] : formats,
    focus: kind === 'image' ? focusOf(raw.focalPoint) : null,
  };
}

