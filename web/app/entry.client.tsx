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

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <InlineStylesheets.Provider value={inlined}>
        <HydratedRouter />
      </InlineStylesheets.Provider>
    </StrictMode>,
  );
});
