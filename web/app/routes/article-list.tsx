import { Copyright } from '../components/copyright';
import { getArticles } from '../features/articles/api/get-articles.server';
import { ArticleList } from '../features/articles/components/article-list';
import { loadOrEmpty } from '../lib/load-or-empty.server';
import { STUDIO } from '../lib/studio';
import type { Route } from './+types/article-list';
import { UI, fill } from '../lib/ui-text';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { articles: await loadOrEmpty({ route: '/dailyPage/article', context }, () => getArticles({ signal: request.signal }), []) };
}

export const meta = () => [{ title: fill('pageTitle', { page: UI.articles, studio: STUDIO.name }) }];

export default function ArticleListPage({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1 className="visually-hidden">{UI.articles}</h1>
      <ArticleList articles={loaderData.articles} />
      <Copyright />
    </main>
  );
}
