import { useHydrated } from '~/lib/hooks/use-hydrated';
import type { MediaViewerProps } from './media-viewer';
import { chunkLoader, drawnWhenLoaded } from '~/lib/document/chunk-loader';

// A failed fetch is tried again at the next intent, or when the viewer is opened again.
const load = chunkLoader(() => import('./media-viewer'));
const Viewer = drawnWhenLoaded(load, (module) => module.MediaViewer);

/**
 * Fetches the viewer's chunk when the visitor shows the intent to open it (pointing at, focusing or
 * touching an opener), as links fetch their page ahead: by the click it has usually arrived. Not
 * on the page's load: a move away right after (Back to the grid) would then ask for its styles
 * while the grid is drawn (an end-to-end test of issue 41 saw it).
 */
export const viewerIntent = { onPointerEnter: () => void load(), onFocus: () => void load(), onTouchStart: () => void load() };

/**
 * The full-screen viewer, its code and styles in a chunk of their own (decision 022, thirteenth
 * pass): the project and article pages carry their styles inline in the document, and the viewer's
 * were the biggest part no first screen draws (0.6 KB of Brotli, enough to push those documents past
 * the first round trip). The chunk is fetched on the intent to open it (`viewerIntent`); a shared
 * link (`?media=`) opened it only once the page was interactive already.
 */
export function MediaViewer(props: MediaViewerProps) {
  const hydrated = useHydrated();
  if (props.index === null || !hydrated) return null;
  return <Viewer {...props} />;
}
