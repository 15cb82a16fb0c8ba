import { createContext, useContext } from 'react';

/**
 * A page the shell keeps in the document while the visitor is on another of its pages (its route
 * says `handle: KEEP_PAGE`; the project grid), hidden with React's `<Activity>`, so Back shows it
 * again without building it (issue 41). Its route module exports the handle; the shell's outlet
 * (`KeptOutlet`) does the keeping.
 */
export const KEEP_PAGE = { keep: true } as const;

/** Whether a route's handle asks the shell to keep its page. */
export function keepsPage(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as { keep?: unknown }).keep === true;
}

/**
 * Around a kept page: whether it has been hidden since it was first drawn. A page shown again has
 * not been mounted again, so what it did on its first mount (an entrance) is not a sign of how the
 * visitor reached it now.
 */
export const KeptPageContext = createContext<{ shownAgain: boolean }>({ shownAgain: false });

export const useKeptPage = () => useContext(KeptPageContext);
