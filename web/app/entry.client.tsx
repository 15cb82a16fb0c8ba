import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { installDataCache } from '~/lib/navigation/data-cache';
import { fetchEveryPageCodeWhenIdle, keepArrivalDataWhenIdle } from '~/lib/navigation/fetch-ahead';
import { handEarlyClicksToReact } from '~/lib/document/early-input';
import { holdPicturesDuringMoves } from '~/lib/media/hold-pictures';
import { InlineStylesheets, inlinedInDocument, markInlinedForRouter } from '~/lib/document/inline-stylesheets';

// Under React Router's data requests before it makes one: one request per page's data (issue 41).
installDataCache(window);
// A move's data before the pictures of the page being left (issue 41).
holdPicturesDuringMoves(document);
const inlined = inlinedInDocument(document);
// Back to the first page does not wait for its stylesheets from the network (issue 41).
markInlinedForRouter(document, inlined);
handEarlyClicksToReact();
// Every page's code once idle: no move waits for it, and none made offline loses the page.
fetchEveryPageCodeWhenIdle();
// The arrival page's data, which came inside the document: Back to it offline shows it (issue 41).
keepArrivalDataWhenIdle(location.pathname + location.search);

// `useTransitions={false}`: a move renders its page in one pass, not two (decision 022, forty-fourth
// pass). With React Router's default, the router's state comes in a transition while
// `HydratedRouter`'s own copy of the location (for its error boundary) comes outside one: React drew
// that first, alone, as a render and commit of the whole shell (head, links, scripts) before the page,
// and then drew the page in 5 ms slices between the browser's other tasks. Now both come in one
// render at the default priority, as a click's own update would.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <InlineStylesheets.Provider value={inlined}>
        <HydratedRouter useTransitions={false} />
      </InlineStylesheets.Provider>
    </StrictMode>,
  );
});
