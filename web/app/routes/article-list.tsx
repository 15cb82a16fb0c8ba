import { Copyright } from '../components/copyright';
import { getArticles } from '../features/articles/api/get-articles.server';
import { ArticleList } from '../features/articles/components/article-list';
import { loadOrEmpty } from '../lib/load-or-empty.server';
import { STUDIO } from '../lib/studio';
import type { Route } from './+types/article-list';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { articles: await loadOrEmpty({ route: '/dailyPage/article', context }, () => getArticles({ signal: request.signal }), []) };
}

export const meta = () => [{ title: `文章 · ${STUDIO.name}` }];

export default function ArticleListPage({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1 className="visually-hidden">文章</h1>
      <ArticleList articles={loaderData.articles} />
      <Copyright />
    </main>
  );
}
