import { useContext } from 'react';
import { UNSAFE_ViewTransitionContext as ViewTransitionContext } from 'react-router';

const NONE: ReadonlySet<string> = new Set();

const pathOf = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * The two pages of the view transition under way (the one left and the one opened), as paths; none
 * when no transition runs. React Router's `useViewTransitionState(to)` answers the same for one
 * link, but a list calling it in each of its items re-renders every item when a transition starts
 * and ends (issue 41: 30 tiles twice per move): the list asks once and names the one item it moves.
 */
export function useViewTransitionPaths(): ReadonlySet<string> {
  const transition = useContext(ViewTransitionContext);
  if (!transition.isTransitioning) return NONE;
  return new Set([pathOf(transition.currentLocation.pathname), pathOf(transition.nextLocation.pathname)]);
}

/** Whether the link to `to` (an address on this site, with or without `?…`) is one of `paths`. */
export const movesBetween = (paths: ReadonlySet<string>, to: string): boolean => paths.size > 0 && paths.has(pathOf(new URL(to, 'http://site').pathname));
