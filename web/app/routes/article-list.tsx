import { Copyright } from '../components/copyright';
import { EmptyState } from '../components/empty-state';
import { getArticles } from '../features/articles/api/get-articles.server';
import { ArticleList } from '../features/articles/components/article-list';
import { loadOrEmpty } from '../lib/load-or-empty.server';
import styles from './page.module.css';
import type { Route } from './+types/article-list';
import { originOf, seoMeta } from '../lib/seo';
import { metaTexts, useUi } from '../lib/ui-text';
import { siteServices } from '../lib/site-context.server';
import { inPageLanguage } from '../lib/page-language.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  // null: the CMS failed (the page says nothing, spec 8); []: the studio has no articles yet.
  const articles = await loadOrEmpty({ route: '/dailyPage/article', context }, () => getArticles({ client: siteServices(context).content, signal: request.signal }), null);
  return { articles: await inPageLanguage(request, context, articles ?? []), nothingYet: articles?.length === 0 };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches, location }) => {
  const { ui, studio, fill, language } = metaTexts({ location, matches });
  return seoMeta(originOf(matches), {
    studio,
    title: fill('pageTitle', { page: ui.articles, studio: studio.name }),
    description: fill('articlesDescription', { studio: studio.name }),
    path: '/dailyPage/article',
    language,
    image: data?.articles.flatMap((article) => article.media).find((media) => media.kind === 'image'),
  });
};

export default function ArticleListPage({ loaderData }: Route.ComponentProps) {
  const { ui } = useUi();
  return (
    <main className={styles.column}>
      <h1 className="visually-hidden">{ui.articles}</h1>
      <ArticleList articles={loaderData.articles} />
      {loaderData.nothingYet && <EmptyState message={ui.noArticles} />}
      <Copyright />
    </main>
  );
}

/** A failure of this page keeps the shell around it (issue 27). */
export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error-boundary';
