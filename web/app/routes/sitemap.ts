import { getSitemapEntries, type SitemapEntry } from '~/features/seo/api/get-sitemap-entries.server';
import { getCategories } from '~/features/shell/api/get-categories.server';
import { articleHref } from '~/features/articles/article-links';
import { projectDetailHref } from '~/features/projects/project-links';
import { ALL_CATEGORY, projectListHref } from '~/lib/content/category';
import { allLocales, localePath, type Language } from '~/lib/language/language';
import { loadOrEmpty } from '~/lib/content/load-or-empty.server';
import { pageLocale } from '~/lib/language/page-locale.server';
import { siteServices } from '~/lib/request/site-context.server';
import type { Route } from './+types/sitemap';
import { PAGE } from '~/pages';

const xml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
const latest = (dates: Array<string | null>) => dates.filter((date): date is string => !!date).sort().at(-1) ?? null;

interface Address {
  path: string;
  lastmod: string | null;
  /** The languages the page is really in (issue 38): its own address and alternates in each. */
  languages: Language[];
}

/**
 * /sitemap.xml: every route of the site, the grid of each category, and every published project and article, with the CMS's
 * updatedAt as lastmod, in every language the studio has it in (issue 38): each address with its
 * twins and the source language named as alternates (Google's sitemap form of hreflang). Made from
 * the same content cache as the pages and kept in the page cache, so a publish (the webhook's
 * purge) shows in it at once.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const { locales } = await pageLocale(args);
  const origin = siteServices(context).publicOrigin;
  const every = allLocales(locales);
  const empty = { projects: [], articles: [], profiles: [] };
  const lists = await Promise.all(
    every.map((locale) => loadOrEmpty({ route: '/sitemap.xml', context }, () => getSitemapEntries({ client: siteServices(context).content, signal: request.signal, locale }), empty)),
  );
  const [source = empty] = lists;
  // The grid filtered by each category (its own canonical address); keyed by the source language's name in every language.
  const categories = await loadOrEmpty({ route: '/sitemap.xml', context }, () => getCategories({ client: siteServices(context).content, signal: request.signal, locale: locales.source }), [ALL_CATEGORY]);
  const gridChanged = latest(source.projects.map((entry) => entry.updatedAt));
  /** The languages an entry (by its documentId) is published in. */
  const inLanguages = (kind: 'projects' | 'articles', documentId: string) => every.filter((_locale, index) => lists[index]![kind].some((entry) => entry.documentId === documentId));
  const entries = (kind: 'projects' | 'articles', path: (entry: SitemapEntry) => string): Address[] =>
    source[kind].map((entry) => ({ path: path(entry), lastmod: entry.updatedAt, languages: inLanguages(kind, entry.documentId) }));
  const urls: Address[] = [
    { path: '/login', lastmod: null, languages: every },
    { path: PAGE.projects, lastmod: gridChanged, languages: every },
    ...categories
      .filter((category) => category.designType !== ALL_CATEGORY.designType)
      .map((category) => ({ path: projectListHref(category.designType), lastmod: gridChanged, languages: every })),
    ...entries('projects', (entry) => projectDetailHref(entry.documentId, ALL_CATEGORY.designType)),
    { path: PAGE.articles, lastmod: latest(source.articles.map((entry) => entry.updatedAt)), languages: every },
    ...entries('articles', (entry) => articleHref(entry.documentId)),
    { path: PAGE.profile, lastmod: latest(source.profiles.map((entry) => entry.updatedAt)), languages: every },
  ];
  const href = (path: string, language: Language) => xml(new URL(localePath(path, language, locales), origin).href);
  const alternates = ({ path, languages }: Address) =>
    [
      ...languages.map((language) => `<xhtml:link rel="alternate" hreflang="${xml(language)}" href="${href(path, language)}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${href(path, locales.source)}"/>`,
    ].join('');
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls.flatMap((address) =>
      address.languages.map((language) => `  <url><loc>${href(address.path, language)}</loc>${address.lastmod ? `<lastmod>${xml(address.lastmod)}</lastmod>` : ''}${alternates(address)}</url>`),
    ),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
}
