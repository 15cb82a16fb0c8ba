import { lazy, Suspense, useEffect } from 'react';
import { useHydrated } from '~/lib/hooks/use-hydrated';
import { afterLoad } from '~/lib/hooks/use-after-load';
import type { MediaViewerProps } from './media-viewer';

const load = () => import('./media-viewer');
const Viewer = lazy(() => load().then((module) => ({ default: module.MediaViewer })));

/**
 * The full-screen viewer, its code and styles in a chunk of their own (decision 022, thirteenth
 * pass): the project and article pages carry their styles inline in the document, and the viewer's
 * were the biggest part no first screen draws (0.6 KB of Brotli, enough to push those documents past
 * the first round trip). The chunk is fetched once the page has loaded, so a click opens it at once;
 * a shared link (`?media=`) opened it only once the page was interactive already.
 */
export function MediaViewer(props: MediaViewerProps) {
  const hydrated = useHydrated();
  useEffect(() => afterLoad(() => void load()), []);
  if (props.index === null || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Viewer {...props} />
    </Suspense>
  );
}
