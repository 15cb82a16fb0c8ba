import { Activity, useContext, useState, type ReactNode } from 'react';
import {
  useMatches,
  useOutlet,
  UNSAFE_DataRouterDataContext as DataRouterDataContext,
  UNSAFE_DataRouterNavigationContext as DataRouterNavigationContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_LocationContext as LocationContext,
} from 'react-router';
import { KeptPageContext, keepsPage } from '~/lib/navigation/kept-page';

/** What a page reads of the router: its state, its loader data, its navigation, its location. */
interface RouterView {
  state: React.ContextType<typeof DataRouterStateContext>;
  data: React.ContextType<typeof DataRouterDataContext>;
  navigation: React.ContextType<typeof DataRouterNavigationContext>;
  location: React.ContextType<typeof LocationContext>;
}

interface Kept {
  element: ReactNode;
  view: RouterView;
}

const same = (a: RouterView, b: RouterView) => a.state === b.state && a.data === b.data && a.navigation === b.navigation && a.location === b.location;

/** `children` seeing the router as `view` shows it. */
function RouterAsOf({ view, children }: { view: RouterView; children: ReactNode }) {
  return (
    <DataRouterStateContext.Provider value={view.state}>
      <DataRouterDataContext.Provider value={view.data}>
        <DataRouterNavigationContext.Provider value={view.navigation}>
          <LocationContext.Provider value={view.location}>{children}</LocationContext.Provider>
        </DataRouterNavigationContext.Provider>
      </DataRouterDataContext.Provider>
    </DataRouterStateContext.Provider>
  );
}

const SHOWN_AGAIN = { shownAgain: true };
const FIRST_SHOWN = { shownAgain: false };

/**
 * The shell's outlet, keeping one page: while the visitor is on another page of the shell, a page
 * whose route asks for it (`KEEP_PAGE`: the project grid) stays in the document, hidden by React's
 * `<Activity>` (display: none; its effects stopped, its state and DOM kept). Back to it shows it
 * without building its tiles again, which was most of Back's wait on a slow phone (decision 022).
 *
 * Hidden, the page still renders when a context it reads changes, and the router has by then
 * dropped its loader data: it sees the router as it was when last drawn, frozen, and the live
 * router when it shows. The providers are there in both cases, so the tree keeps its shape and
 * React reconciles the page instead of mounting it again.
 */
export function KeptOutlet() {
  const outlet = useOutlet();
  const leaf = useMatches().at(-1);
  const live: RouterView = {
    state: useContext(DataRouterStateContext),
    data: useContext(DataRouterDataContext),
    navigation: useContext(DataRouterNavigationContext),
    location: useContext(LocationContext),
  };
  const shown = keepsPage(leaf?.handle);
  const [kept, setKept] = useState<Kept | null>(null);
  const [hiddenOnce, setHiddenOnce] = useState(false);
  // What the last render of the kept page drew (React's "storing information from previous renders").
  if (shown && (kept === null || !same(kept.view, live))) setKept({ element: outlet, view: live });
  if (!shown && kept !== null && !hiddenOnce) setHiddenOnce(true);
  const frozen = !shown && kept !== null;
  return (
    <>
      <RouterAsOf view={frozen ? kept.view : live}>
        <KeptPageContext.Provider value={hiddenOnce ? SHOWN_AGAIN : FIRST_SHOWN}>
          <Activity mode={shown ? 'visible' : 'hidden'}>{shown ? outlet : (kept?.element ?? null)}</Activity>
        </KeptPageContext.Provider>
      </RouterAsOf>
      {shown ? null : outlet}
    </>
  );
}
