import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { handEarlyClicksToReact } from './lib/early-input';
import { InlineStylesheets, inlinedInDocument } from './lib/inline-stylesheets';

const inlined = inlinedInDocument(document);
handEarlyClicksToReact();

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
