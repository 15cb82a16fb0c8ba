import { createContext } from 'react';

/**
 * Whether the overlay holding this content has been opened in this visit: pictures inside it (the
 * contact panel's QR codes) are fetched only then, not with every page's first screen. Outside an
 * overlay, content is shown.
 */
export const OverlayOpened = createContext(true);
