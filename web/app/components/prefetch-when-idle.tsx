import { useFetchAhead } from '~/lib/hooks/use-fetch-ahead';
import { useIdle } from '~/lib/hooks/use-idle';

/**
 * Fetches ahead the pages a visitor is likely to open next (their data and route code), once this
 * one is alive and idle: the previous and next project, the gallery from the landing page. The
 * move then uses that one request (`lib/navigation/data-cache.ts`, issue 41). Nothing when the visitor asked
 * to save data.
 */
export function PrefetchWhenIdle({ pages }: { pages: ReadonlyArray<string | null> }) {
  useFetchAhead(pages, useIdle());
  return null;
}
