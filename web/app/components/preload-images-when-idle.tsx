import { preload } from 'react-dom';
import { mayFetchAhead } from '~/lib/navigation/fetch-ahead';
import { imageSources, type Media } from '~/lib/media/media';
import { useIdle } from '~/lib/hooks/use-idle';

/**
 * Fetches ahead, once this page is alive and idle, the pictures the next page shows first, in the
 * candidates and sizes that page asks for, at low priority: the landing warms the gallery's first
 * covers while the visitor watches it, so the slide up reveals pictures, not their placeholder
 * colours (issue 30). Nothing when the visitor asked to save data.
 */
export function PreloadImagesWhenIdle({ images }: { images: ReadonlyArray<{ media: Media; sizes: string }> }) {
  const idle = useIdle();
  if (!idle || !mayFetchAhead()) return null;
  for (const { media, sizes } of images) {
    const { src, srcSet } = imageSources(media);
    preload(src, { as: 'image', fetchPriority: 'low', ...(srcSet ? { imageSrcSet: srcSet, imageSizes: sizes } : {}) });
  }
  return null;
}
