import type { ImgHTMLAttributes } from 'react';
import { focusPosition, imageSources, tallFocus, tallSources, TALL_SCREEN, type Media } from '~/lib/media/media';
import { placeholderStyle } from '~/lib/media/placeholder';
import { useTextLang } from '~/lib/language/language';

interface ResponsiveImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt' | 'width' | 'height'> {
  media: Media;
  sizes: string;
  /**
   * `true`: the picture the first screen waits for, asked for at once and at high priority.
   * `'low'`: the rest of the first screen, behind the picture it waits for: asked for at once, at
   * low priority even once laid out in view (where Chromium would raise it to high, to share a slow
   * link with that picture). `false` (the default): lazily.
   */
  priority?: boolean | 'low';
  /** Overrides the media's own alt text ("" for decorative images). */
  alt?: string;
  /** Drawn cropped (object-fit: cover): the crop keeps the focus the editor set (issue 37). */
  cropped?: boolean;
  /**
   * A full-screen picture (`cropped`): on an upright screen no wider than 3:4 it is drawn from the
   * endpoint's upright cut around the focus instead (`tallSources`), this wide (`sizes`).
   */
  tallSizes?: string;
}

/**
 * <img> in the widths of the image endpoint (AVIF or WebP where accepted), with its size set and
 * its placeholder behind it.
 */
export function ResponsiveImage({ media, sizes, priority = false, alt, cropped = false, tallSizes, style, ...rest }: ResponsiveImageProps) {
  const { src, srcSet } = imageSources(media);
  const tall = cropped && tallSizes ? tallSources(media) : undefined;
  // The cut is made around the focus in steps of 5 %: the picture is placed by the same point, so
  // a screen shows the same part of it, whichever file it drew.
  const position = tall ? tallFocus(media) : media.focus;
  const textLang = useTextLang();
  const image = (
    <img
      // An alt text still in Chinese on an English page is marked so (issue 28).
      {...textLang(alt ?? media.alt)}
      {...rest}
      // Its colours until it arrives (issue 26): a slow network shows the page's colours at once.
      // A crop keeps the focus: `object-position` at p % puts the picture's point at p % on the
      // frame's point at p %, so that point is inside the frame however much is cut away.
      style={{ ...placeholderStyle(media.placeholder), ...(cropped && position ? { objectPosition: focusPosition({ focus: position }) } : {}), ...style }}
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      alt={alt ?? media.alt}
      width={media.width ?? undefined}
      height={media.height ?? undefined}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority === true ? 'high' : priority === 'low' ? 'low' : 'auto'}
      decoding="async"
    />
  );
  if (!tall) return image;
  return (
    <picture>
      <source media={TALL_SCREEN} srcSet={tall.srcSet} sizes={tallSizes} />
      {image}
    </picture>
  );
}
