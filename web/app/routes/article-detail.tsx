import { useLocation } from 'react-router';
import { Copyright } from '../components/copyright';
import { Pager } from '../components/pager';
import { getArticle } from '../features/articles/api/get-article.server';
import { getArticles } from '../features/articles/api/get-articles.server';
import { ArticleDetail } from '../features/articles/components/article-detail';
import { articleHref } from '../features/articles/components/article-card';
import { loadEntry, loadOrEmpty } from '../lib/load-or-empty.server';
import { listFromState, neighbours } from '../lib/pager';
import { STUDIO } from '../lib/studio';
import type { Route } from './+types/article-detail';
import { UI, fill } from '../lib/ui-text';

const ROUTE = '/dailyPage/article/:id';

export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  const documentId = url.searchParams.get('documentId') || params.id;
  const [article, articles] = await Promise.all([
    loadEntry({ route: ROUTE, context }, () => getArticle(documentId, { signal: request.signal })),
    loadOrEmpty({ route: ROUTE, context }, () => getArticles({ signal: request.signal }), []),
  ]);
  return { article, order: articles.map((entry) => entry.documentId), documentId };
}

export const meta = ({ loaderData: data }: Route.MetaArgs) => [
  { title: fill('pageTitle', { page: data?.article ? data.article.name : UI.articles, studio: STUDIO.name }) },
  ...(data?.article?.chief ? [{ name: 'description', content: data.article.chief }] : []),
];

export default function ArticleDetailPage({ loaderData }: Route.ComponentProps) {
  const { article, order, documentId } = loaderData;
  const location = useLocation();
  const list = listFromState(location.state) ?? order;
  const { previous, next } = neighbours(list, documentId);
  const pager = (
    <Pager
      previousHref={previous ? articleHref(previous) : null}
      nextHref={next ? articleHref(next) : null}
      backHref="/dailyPage/article"
      state={{ list }}
      labels={{ previous: UI.previousArticle, back: UI.backToList, next: UI.nextArticle }}
    />
  );
  return (
    <main>
      {article ? <ArticleDetail key={article.documentId} article={article} pager={pager} /> : pager}
      <Copyright />
    </main>
  );
}
