import { index, prefix, route, type RouteConfig, type RouteConfigEntry } from '@react-router/dev/routes';

/**
 * Spec section 2, one entry per row of its route table, for every language (issues 28 and 38):
 * the studio's source language at the spec's addresses, each other locale of the studio under its
 * own prefix (`:lang`: `/en`, `/de`…) with the same modules (their route ids start with `lang/`;
 * the loaders read the language from `params.lang`). An address whose prefix is no locale of the
 * studio is the 404 page in the source language (lib/page-locale.server.ts), cached once however
 * many such addresses are asked for (server/pages/page-address.ts).
 */
function pages(prefixed: boolean): RouteConfigEntry[] {
  const id = (file: string) => (prefixed ? { id: `lang/${file.replace(/\.tsx?$/, '')}` } : {});
  return [
    index('routes/home.ts', id('routes/home.ts')), // "/" redirects to /login
    route('login', 'routes/login.tsx', id('routes/login.tsx')),
    route('dailyPage', 'routes/daily-page.tsx', id('routes/daily-page.tsx'), [
      index('routes/daily-page-index.ts', id('routes/daily-page-index.ts')), // redirects to /dailyPage/project
      route('project', 'routes/project-list.tsx', id('routes/project-list.tsx')),
      route('project/:id', 'routes/project-detail.tsx', id('routes/project-detail.tsx')),
      route('article', 'routes/article-list.tsx', id('routes/article-list.tsx')),
      route('article/:id', 'routes/article-detail.tsx', id('routes/article-detail.tsx')),
      route('profile', 'routes/profile.tsx', id('routes/profile.tsx')),
    ]),
    // A share link (issue 39): one project or article, private or not, for whom the studio sent it.
    route('s/:token', 'routes/shared.tsx', id('routes/shared.tsx')),
    route('*', 'routes/not-found.tsx', id('routes/not-found.tsx')),
  ];
}

export default [
  // For search engines (issue 13): made from the same cached content as the pages.
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  ...prefix(':lang', pages(true)),
  ...pages(false),
] satisfies RouteConfig;
