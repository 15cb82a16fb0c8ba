import type { ImgHTMLAttributes } from 'react';
import { srcSet, type Media } from '../lib/media';

interface ResponsiveImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt' | 'width' | 'height'> {
  media: Media;
  sizes: string;
  /** First-row images load eagerly with high priority; the rest lazily. */
  priority?: boolean;
  /** Overrides the media's own alt text ("" for decorative images). */
  alt?: string;
}

/** <img> with Strapi's responsive formats as srcset, the original as fallback, and its size set. */
export function ResponsiveImage({ media, sizes, priority = false, alt, ...rest }: ResponsiveImageProps) {
  return (
    <img
      {...rest}
      src={media.url}
      srcSet={srcSet(media)}
      sizes={sizes}
      alt={alt ?? media.alt}
      width={media.width ?? undefined}
      height={media.height ?? undefined}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
    />
  );
}
