import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import { PAGES, pageAddresses, type PageEntry } from '~/pages';
import routes, { pageRoutes } from '~/routes';
import { routeLabeller } from '../observability/metrics';
import { isPrivatePage, pageCanonicaliser } from './page-address';

/** The routes of a route table with their whole patterns (`:lang/dailyPage/project/:id`) and modules. */
const servedRoutes = (entries: readonly RouteConfigEntry[], parent = ''): Array<{ pattern: string; file: string }> =>
  entries.flatMap((entry) => {
    const here = entry.path === undefined ? parent : parent ? `${parent}/${entry.path}` : entry.path;
    return [...(entry.index && entry.path === undefined ? [] : [{ pattern: here, file: entry.file }]), ...servedRoutes(entry.children ?? [], here)];
  });
/** The patterns a route table serves, whole. */
const served = (entries: readonly RouteConfigEntry[]): string[] => servedRoutes(entries).map((route) => route.pattern);

// A page the studio's next issue might add: the press page of a year, reading one parameter.
const PRESS: PageEntry = { path: 'press/:year', file: 'routes/press.tsx', params: ['issue'] };
const withPress: PageEntry[] = PAGES.map((page) => (page.children ? { ...page, children: [...page.children, PRESS] } : page));

describe('the address book (app/pages.ts)', () => {
  it('is what the site serves: each page at its address, in the source language and under a locale prefix', () => {
    const table = served(routes);
    for (const { pattern } of pageAddresses()) {
      const path = pattern.slice(1);
      if (path) expect(table).toContain(path);
      expect(table).toContain(path ? `:lang/${path}` : ':lang');
    }
  });

  it('routes, labels and caches a page added to it, with no other edit', () => {
    expect(served(pageRoutes(withPress, false))).toContain('dailyPage/press/:year');
    expect(served(pageRoutes(withPress, true))).toContain('dailyPage/press/:year');

    const label = routeLabeller(withPress);
    expect(label('/dailyPage/press/2024')).toBe('/dailyPage/press/:year');
    expect(label('/en/dailyPage/press/2024.data')).toBe('/:lang/dailyPage/press/:year.data');
    expect(routeLabeller(PAGES)('/dailyPage/press/2024')).toBe('other');

    // The cache keeps the parameter the page reads, and drops the rest.
    expect(pageCanonicaliser(withPress)('/de/dailyPage/press/2024?utm_source=mail&issue=3')).toBe('/de/dailyPage/press/2024?issue=3');
    expect(pageCanonicaliser(PAGES)('/dailyPage/press/2024?issue=3')).toBe('/dailyPage/press/2024');
  });

  it('reads a page address literally in the labels and the cache: a dot is a dot, a hole one segment', () => {
    const book: PageEntry[] = [{ path: 'feed.rss', file: 'routes/feed.tsx', params: ['tag'] }];
    const label = routeLabeller(book);
    expect(label('/feed.rss')).toBe('/feed.rss');
    expect(label('/feedxrss')).toBe('other');
    expect(pageCanonicaliser(book)('/feed.rss?tag=a&x=1')).toBe('/feed.rss?tag=a');
    expect(pageCanonicaliser(book)('/feedxrss?tag=a&x=1')).toBe('/feedxrss');
    expect(routeLabeller(withPress)('/dailyPage/press/2024/more')).toBe('other');
  });

  it('knows a share page by the pattern React Router gives it (no leading slash), in every language, and no other page', () => {
    // The page cache's middleware asks with the matched route's pattern: a share page it did not
    // recognise would be kept and served to other visitors (issue 39). Told apart here by the
    // route's module, not by the pattern's spelling.
    const privateFiles = new Set(PAGES.flatMap(function files(page: PageEntry): string[] {
      return [...(page.private ? [page.file] : []), ...(page.children ?? []).flatMap(files)];
    }));
    const pages = servedRoutes(routes);
    expect(pages.filter(({ file }) => privateFiles.has(file))).toHaveLength(2);
    for (const { pattern, file } of pages) expect([pattern, isPrivatePage(pattern)]).toEqual([pattern, privateFiles.has(file)]);
  });
});
