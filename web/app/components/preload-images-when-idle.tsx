import { preload } from 'react-dom';
import { mayFetchAhead } from '~/lib/navigation/fetch-ahead';
import { imageSources, type Media } from '~/lib/media/media';
import { useAfterLoad } from '~/lib/hooks/use-after-load';

/**
 * Fetches ahead, once this page has loaded (its own first picture is in) and is idle, the pictures
 * the next page shows first, in the candidates and sizes that page asks for, at low priority: the
 * landing warms the gallery's first covers while the visitor watches it, so the slide up reveals
 * pictures, not their placeholder colours (issue 30). Nothing when the visitor asked to save data.
 */
export function PreloadImagesWhenIdle({ images }: { images: ReadonlyArray<{ media: Media; sizes: string }> }) {
  const loaded = useAfterLoad();
  if (!loaded || !mayFetchAhead()) return null;
  for (const { media, sizes } of images) {
    const { src, srcSet } = imageSources(media);
    preload(src, { as: 'image', fetchPriority: 'low', ...(srcSet ? { imageSrcSet: srcSet, imageSizes: sizes } : {}) });
  }
  return null;
}
