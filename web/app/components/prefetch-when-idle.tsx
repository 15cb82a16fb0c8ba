import { PrefetchPageLinks } from 'react-router';
import { mayFetchAhead } from '../lib/fetch-ahead';
import { useIdle } from '../lib/use-idle';

/**
 * Fetches ahead the pages a visitor is likely to open next (their route modules and data), once
 * this one is alive and idle: the previous and next project, the gallery from the landing page.
 * The data answers are cacheable for a minute, so the click uses them (issue 26). Nothing when the
 * visitor asked to save data.
 */
export function PrefetchWhenIdle({ pages }: { pages: ReadonlyArray<string | null> }) {
  const idle = useIdle();
  if (!idle || !mayFetchAhead()) return null;
  return (
    <>
      {pages.filter((page): page is string => page !== null).map((page) => (
        <PrefetchPageLinks key={page} page={page} />
      ))}
    </>
  );
}
