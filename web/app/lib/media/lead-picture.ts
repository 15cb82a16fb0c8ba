import { useContext } from 'react';
import { preload } from 'react-dom';
import { UNSAFE_DataRouterDataContext as DataRouterDataContext, useMatches } from 'react-router';
import type { Layout } from '~/lib/document/device';
import { imageSources, type Media } from './media';

/** The picture a page's first screen is waited for by, and how wide it is drawn (`sizes`). */
export interface LeadPicture {
  media: Media;
  sizes: string;
}

/** A route's `handle` may name its lead picture from its loader's data. */
export interface LeadPictureHandle {
  leadPicture?: (data: unknown, layout: Layout) => LeadPicture | undefined;
}

/** The lead pictures the matched routes name (an image, not a video). */
export function leadPictures(matches: ReadonlyArray<{ handle?: unknown; loaderData?: unknown }>, layout: Layout): LeadPicture[] {
  return matches.flatMap((match) => {
    const lead = (match.handle as LeadPictureHandle | undefined)?.leadPicture?.(match.loaderData, layout);
    return lead && lead.media.kind === 'image' ? [lead] : [];
  });
}

/**
 * Asks for the page's lead picture before anything else the page shows: called by the root layout
 * before the body is drawn, so its preload is the first of `<head>`'s pictures, ahead of the
 * header's logo and the other pictures of the first screen. Over HTTP/1.1 only the first request
 * after the document goes on the document's own warm connection; every other opens a new one, two
 * round trips before its first byte. The small ones should bear that, not the picture the visitor
 * waits for (decision 022, seventeenth pass). React keeps one preload per picture: the `<img>`
 * drawn later adds none.
 */
export function usePreloadLeadPictures(layout: Layout): void {
  const matches = useMatches();
  // A page that failed draws its error page, not its pictures (the data of the loaders that
  // succeeded is kept beside the error).
  const failed = Boolean(useContext(DataRouterDataContext)?.errors);
  if (failed) return;
  for (const { media, sizes } of leadPictures(matches, layout)) {
    const { src, srcSet } = imageSources(media);
    preload(src, { as: 'image', fetchPriority: 'high', ...(srcSet ? { imageSrcSet: srcSet, imageSizes: sizes } : {}) });
  }
}
