import { getSitemapEntries } from '../features/seo/api/get-sitemap-entries.server';
import { articleHref } from '../features/articles/components/article-card';
import { projectDetailHref } from '../features/projects/project-links';
import { ALL_CATEGORY } from '../lib/category';
import { loadOrEmpty } from '../lib/load-or-empty.server';
import type { Route } from './+types/sitemap';
import { siteServices } from '../lib/site-context.server';
import { LANGUAGE_TAG, localePath, type Language } from '../lib/language';

const xml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
const latest = (dates: Array<string | null>) => dates.filter((date): date is string => !!date).sort().at(-1) ?? null;

/**
 * /sitemap.xml: every route of the site and every published project and article, with the CMS's
 * updatedAt as lastmod, in both languages: each address with its twin and the default named as
 * alternates (issue 28; Google's sitemap form of hreflang). Made from the same content cache as
 * the pages and kept in the page cache, so a publish (the webhook's purge) shows in it at once.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteServices(context).publicOrigin;
  const empty = { projects: [], articles: [], profiles: [] };
  const { projects, articles, profiles } = await loadOrEmpty({ route: '/sitemap.xml', context }, () => getSitemapEntries({ client: siteServices(context).content, signal: request.signal }), empty);
  const urls: Array<{ path: string; lastmod: string | null }> = [
    { path: '/login', lastmod: null },
    { path: '/dailyPage/project', lastmod: latest(projects.map((entry) => entry.updatedAt)) },
    ...projects.map((entry) => ({ path: projectDetailHref(entry.documentId, ALL_CATEGORY.designType), lastmod: entry.updatedAt })),
    { path: '/dailyPage/article', lastmod: latest(articles.map((entry) => entry.updatedAt)) },
    ...articles.map((entry) => ({ path: articleHref(entry.documentId), lastmod: entry.updatedAt })),
    { path: '/dailyPage/profile', lastmod: latest(profiles.map((entry) => entry.updatedAt)) },
  ];
  const href = (path: string, language: Language) => xml(new URL(localePath(path, language), origin).href);
  const alternates = (path: string) =>
    [
      `<xhtml:link rel="alternate" hreflang="${LANGUAGE_TAG.zh}" href="${href(path, 'zh')}"/>`,
      `<xhtml:link rel="alternate" hreflang="${LANGUAGE_TAG.en}" href="${href(path, 'en')}"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${href(path, 'zh')}"/>`,
    ].join('');
  const languages: Language[] = ['zh', 'en'];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls.flatMap(({ path, lastmod }) =>
      languages.map((language) => `  <url><loc>${href(path, language)}</loc>${lastmod ? `<lastmod>${xml(lastmod)}</lastmod>` : ''}${alternates(path)}</url>`),
    ),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
}
