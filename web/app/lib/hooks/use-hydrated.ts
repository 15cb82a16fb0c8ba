import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/** False while the document's own page hydrates (and on the server), true for any render after it or first drawn on the client. */
export function useHydrated(): boolean {
  return useSyncExternalStore(noChanges, () => true, () => false);
}
