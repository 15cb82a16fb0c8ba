import { z } from 'zod';

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
  /** Strapi's responsive renditions (thumbnail, small, medium, large), smallest first. */
  formats: MediaFormat[];
}

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
});

export type StrapiMedia = z.infer<typeof mediaSchema>;

/** The media fields the site asks for: the spec's url and ext, plus what responsive images need. */
export const MEDIA_FIELDS = ['url', 'ext', 'name', 'width', 'height', 'alternativeText', 'formats'] as const;

/** Spec 3: files with ext .mp4 are videos; all others are images. */
export const isVideoExt = (ext: string | null | undefined, url = ''): boolean =>
  (ext ?? url.slice(url.lastIndexOf('.'))).toLowerCase() === '.mp4';

/**
 * Media reach the browser from the site's own origin: Strapi's local uploads ("/uploads/...")
 * stay site-relative, and absolute URLs that point at the CMS itself are made relative too.
 */
export function siteRelativeUrl(url: string, cmsBaseUrl: string): string {
  if (cmsBaseUrl && url.startsWith(cmsBaseUrl)) return url.slice(cmsBaseUrl.length) || '/';
  return url;
}

export function toMedia(raw: StrapiMedia, cmsBaseUrl: string, fallbackAlt = ''): Media {
  const formats = Object.values(raw.formats ?? {})
    .filter((format): format is MediaFormat => Boolean(format))
    .map((format) => ({ ...format, url: siteRelativeUrl(format.url, cmsBaseUrl) }))
    .sort((a, b) => a.width - b.width);
  return {
    url: siteRelativeUrl(raw.url, cmsBaseUrl),
    kind: isVideoExt(raw.ext, raw.url) ? 'video' : 'image',
    alt: raw.alternativeText?.trim() || fallbackAlt,
    width: raw.width ?? null,
    height: raw.height ?? null,
    formats,
  };
}

/** Spec 3: the cover is the first non-video image. */
export const coverImage = (media: readonly Media[]): Media | undefined => media.find((item) => item.kind === 'image');

/** `srcset` from the responsive formats plus the original, for <img>. */
export function srcSet(media: Media): string | undefined {
  const candidates = [...media.formats];
  if (media.width) candidates.push({ url: media.url, width: media.width, height: media.height ?? 0 });
  const unique = candidates.filter((candidate, index) => candidates.findIndex((c) => c.width === candidate.width) === index);
  return unique.length > 1 ? unique.map((candidate) => `${candidate.url} ${candidate.width}w`).join(', ') : undefined;
}
