import { useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { useKeptPage } from '~/lib/navigation/kept-page';
import { useHydrated } from './use-hydrated';

/**
 * Whether the visitor came back to this page with Back or Forward, rather than arriving at it.
 * A list shown again appears as it was left, where it was left, without its entrance (spec 9's
 * rise is an arrival; issue 41: Back paints where the visitor was). Replayed, it hid every card on
 * the screen Back restored for as long as its index's delay: about 3 s at the 15th tile.
 *
 * React Router calls the document's own load a POP too. Its entrance started with the first paint,
 * so the page the document brought is not "returned to" (unless Back or Forward reaches it again
 * after a move that unmounted it, which mounts it anew on the client). A page the shell kept
 * hidden (`KeptOutlet`) is not mounted again when Back shows it, and its address is the one it had:
 * it is returned to when it has been hidden since it was first drawn.
 */
export function useReturnedTo(): boolean {
  // False while the document's page hydrates, true for anything first drawn on the client.
  const onClient = useHydrated();
  const { key } = useLocation();
  const [documentKey] = useState(() => (onClient ? null : key));
  const { shownAgain } = useKeptPage();
  return useNavigationType() === 'POP' && (key !== documentKey || shownAgain);
}
