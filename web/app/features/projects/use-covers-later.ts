import { startTransition, useEffect, useMemo, useState, type RefObject } from 'react';
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream, useLocation, useMatches } from 'react-router';
import { afterLoad } from '~/lib/hooks/use-after-load';
import { mayFetchAhead } from '~/lib/navigation/fetch-ahead';
import { dataUrl } from '~/lib/navigation/data-cache';
import { withCovers, type GridProject } from './covers-later';
import type { ProjectSummary } from './api/project-types';

/** The grid's route, under a locale's prefix or not (`lang/routes/project-list`). */
const LIST_ROUTE = /(^|\/)routes\/project-list$/;

/**
 * The whole list, from React Router's data request for the page (through the page's data cache,
 * like any move's data); null when it cannot be had (offline, an error, a redirect). The page's
 * whole data, not the grid's route alone: it is the answer a move back to the grid asks for, so
 * once this has come, Back and fetching ahead use it and ask for nothing (one request per page).
 * Not a fetcher: a fetcher's failure is its route's error, which would put the error page in
 * place of a grid that is already drawn.
 */
export async function fetchWholeList(pathname: string, search: string, routeId: string, priority: RequestPriority): Promise<ProjectSummary[] | null> {
  try {
    const response = await fetch(dataUrl(`${pathname}${search}`, window.location.origin), { priority });
    if (!response.ok || !response.body) return null;
    const { value, done } = await decodeViaTurboStream(response.body, window);
    await done;
    const projects = (value as Record<string, { data?: { projects?: unknown } } | undefined>)[routeId]?.data?.projects;
    return Array.isArray(projects) ? (projects as ProjectSummary[]) : null;
  } catch {
    return null;
  }
}

/**
 * The grid's list with the covers its document left out (`coversLater`). The list is asked for
 * again once the page has loaded, or as soon as the first tile still waiting comes within a screen
 * of the window (scrolled to, or on a screen larger than the document counted), whichever comes
 * first; with Data Saver on, only the second. Until then those tiles show their colour, name and
 * link; if the request fails they stay so, and it is asked again when the grid is shown again.
 */
export function useCoversLater(projects: GridProject[], grid: RefObject<HTMLElement | null>): GridProject[] {
  const [complete, setComplete] = useState<ProjectSummary[] | null>(null);
  const shown = useMemo(() => (complete ? withCovers(projects, complete) : projects), [projects, complete]);
  const { pathname, search } = useLocation();
  const matches = useMatches();
  // Only while the grid is the page shown (not kept behind a project opened over it).
  const routeId = LIST_ROUTE.test(matches.at(-1)?.id ?? '') ? matches.at(-1)!.id : null;
  const first = shown.findIndex((project) => project.later);
  useEffect(() => {
    const tile = grid.current?.children[first];
    if (first < 0 || !routeId || !tile) return;
    let asked = false;
    let cancelled = false;
    let cancelAfterLoad = () => {};
    const ask = (priority: RequestPriority) => {
      if (asked) return;
      asked = true;
      observer.disconnect();
      cancelAfterLoad();
      void fetchWholeList(pathname, search, routeId, priority).then((list) => {
        // In a transition: the tiles' pictures are made a few at a time between other work, not in
        // one task of every tile at once (on a phone's CPU the longest of its loading, issue 41).
        if (!cancelled && list) startTransition(() => setComplete(list));
      });
    };
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && ask('auto'), { rootMargin: '100% 0px' });
    observer.observe(tile);
    if (mayFetchAhead()) cancelAfterLoad = afterLoad(() => ask('low'));
    return () => {
      cancelled = true;
      observer.disconnect();
      cancelAfterLoad();
    };
  }, [first, routeId, pathname, search, grid]);
  return shown;
}
