import { Copyright } from '../components/copyright';
import { getArticles } from '../features/articles/api/get-articles.server';
import { ArticleList } from '../features/articles/components/article-list';
import { loadOrEmpty } from '../lib/load-or-empty.server';
import { STUDIO } from '../lib/studio';
import type { Route } from './+types/article-list';
import { originOf, seoMeta } from '../lib/seo';
import { UI, fill } from '../lib/ui-text';
import { siteServices } from '../lib/site-context.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { articles: await loadOrEmpty({ route: '/dailyPage/article', context }, () => getArticles({ client: siteServices(context).content, signal: request.signal }), []) };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) =>
  seoMeta(originOf(matches), {
    title: fill('pageTitle', { page: UI.articles, studio: STUDIO.name }),
    description: UI.articlesDescription,
    path: '/dailyPage/article',
    image: data?.articles.flatMap((article) => article.media).find((media) => media.kind === 'image'),
  });

export default function ArticleListPage({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1 className="visually-hidden">{UI.articles}</h1>
      <ArticleList articles={loaderData.articles} />
      <Copyright />
    </main>
  );
}

/** A failure of this page keeps the shell around it (issue 27). */
export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error-boundary';
