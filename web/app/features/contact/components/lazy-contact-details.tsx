import { lazy, Suspense } from 'react';
import { chunkLoader } from '~/lib/document/chunk-loader';
import type { ContactInfo } from '../api/contact-types';

/**
 * Fetches the contact panel's code and styles (once; a failed fetch is tried again at the next
 * intent). Called when the menu that holds CONTACT opens, so by the click it has usually arrived.
 */
export const preloadContactDetails = chunkLoader(() => import('./contact-details'));

// A chunk that cannot be fetched (the site redeployed, the network gone) leaves the panel empty, as
// contact details that could not be loaded do (spec 8), rather than failing the page around it.
const Nothing = () => null;
const Details = lazy(() =>
  preloadContactDetails().then(
    (module) => ({ default: module.ContactDetails }),
    () => ({ default: Nothing }),
  ),
);

/**
 * The shell's contact panel content in a chunk of its own (decision 022, twenty-first pass): the
 * panel is drawn once opened, so its styles need not ride in every page of the shell's document,
 * as the viewer's do not (thirteenth pass).
 */
export function LazyContactDetails({ contact }: { contact: ContactInfo | null }) {
  return (
    <Suspense fallback={null}>
      <Details contact={contact} />
    </Suspense>
  );
}
