import { useEffect, useMemo, useRef } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { afterLoad } from '~/lib/hooks/use-after-load';
import { mayFetchAhead } from '~/lib/navigation/fetch-ahead';
import { withCovers, type GridProject } from './covers-later';
import type { ProjectSummary } from './api/project-types';

/**
 * The grid's list with the covers its document left out (`coversLater`): the list is asked for
 * again (this route's data only, through the page's data cache) once the page has loaded, or as
 * soon as the visitor scrolls, whichever comes first; with Data Saver on, only when they scroll.
 * Until then those tiles show their colour, name and link; if the request fails they stay so.
 */
export function useCoversLater(projects: GridProject[]): GridProject[] {
  const fetcher = useFetcher<{ projects: ProjectSummary[] }>();
  const { pathname, search } = useLocation();
  const waiting = projects.some((project) => project.later);
  const asked = useRef(false);
  const load = fetcher.load;
  useEffect(() => {
    if (!waiting || asked.current) return;
    let cancelAfterLoad = () => {};
    const ask = () => {
      if (asked.current) return;
      asked.current = true;
      cancelAfterLoad();
      window.removeEventListener('scroll', ask);
      void load(`${pathname}${search}`);
    };
    window.addEventListener('scroll', ask, { passive: true, once: true });
    if (mayFetchAhead()) cancelAfterLoad = afterLoad(ask);
    return () => {
      cancelAfterLoad();
      window.removeEventListener('scroll', ask);
    };
  }, [waiting, load, pathname, search]);
  const complete = fetcher.data?.projects;
  return useMemo(() => (waiting && complete ? withCovers(projects, complete) : projects), [waiting, projects, complete]);
}
