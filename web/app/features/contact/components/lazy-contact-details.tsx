import { memo } from 'react';
import { chunkLoader, drawnWhenLoaded } from '~/lib/document/chunk-loader';
import type { ContactInfo } from '../api/contact-types';

/**
 * Fetches the contact panel's code and styles (once; a failed fetch is tried again at the next
 * intent). Called when the menu that holds CONTACT opens, so by the click it has usually arrived.
 */
export const preloadContactDetails = chunkLoader(() => import('./contact-details'));

const Details = drawnWhenLoaded(preloadContactDetails, (module) => module.ContactDetails);

/**
 * The shell's contact panel content in a chunk of its own (decision 022, twenty-first pass): the
 * panel is drawn once opened, so its styles need not ride in every page of the shell's document,
 * as the viewer's do not (thirteenth pass). Empty while the chunk cannot be had; drawn as soon as
 * a later opening of the panel or the menu brings it.
 */
export const LazyContactDetails = memo(function LazyContactDetails({ contact }: { contact: ContactInfo | null }) {
  return <Details contact={contact} />;
});
