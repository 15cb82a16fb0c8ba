import { index, route, type RouteConfig } from '@react-router/dev/routes';

// Spec section 2, one entry per row of its route table.
export default [
  index('routes/home.ts'), // "/" redirects to /login
  route('login', 'routes/login.tsx'),
  // For search engines (issue 13): made from the same cached content as the pages.
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('dailyPage', 'routes/daily-page.tsx', [
    index('routes/daily-page-index.ts'), // redirects to /dailyPage/project
    route('project', 'routes/project-list.tsx'),
    route('project/:id', 'routes/project-detail.tsx'),
    route('article', 'routes/article-list.tsx'),
    route('article/:id', 'routes/article-detail.tsx'),
    route('profile', 'routes/profile.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
