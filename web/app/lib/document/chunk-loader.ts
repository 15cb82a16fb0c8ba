import { markPlainAddresses } from './inline-stylesheets';

/**
 * A loader for a chunk of its own (a component drawn only on an action: the viewer, the contact
 * panel), fetched once however often it is asked for. The page's inline styles are marked first,
 * so the chunk does not fetch again the styles it shares with the page (perhaps under React
 * Router's `…css#`). A failed fetch is tried again at the next call.
 */
export function chunkLoader<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= Promise.resolve()
      .then(() => markPlainAddresses(document))
      .then(load)
      .catch((error: unknown) => {
        loading = null;
        throw error;
      }));
}
