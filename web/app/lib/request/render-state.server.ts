import { createContext, type RouterContextProvider } from 'react-router';

/** What one page request learned while loading: set by loaders, read by the page cache. */
export interface RenderState {
  /** Some content could not be loaded and an empty state stands in: never cache this page. */
  degraded: boolean;
}

export const renderStateContext = createContext<RenderState>();

/** Marks the page being rendered as missing content (a no-op outside a page request). */
export function markDegraded(context: Readonly<RouterContextProvider> | undefined): void {
  try {
    if (context) context.get(renderStateContext).degraded = true;
  } catch {
    // no page request around (a test, a resource call): nothing to mark
  }
}
