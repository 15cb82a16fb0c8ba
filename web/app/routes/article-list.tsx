import { Copyright } from '~/components/copyright';
import { EmptyState } from '~/components/empty-state';
import { getArticles } from '~/features/articles/api/get-articles.server';
import { ArticleList } from '~/features/articles/components/article-list';
import { inPageLocale, mergeList } from '~/lib/language/localized.server';
import { pageLocale } from '~/lib/language/page-locale.server';
import { Fallbacks } from '~/components/fallbacks';
import { ARTICLE_SUMMARY_TEXTS, articleCard } from '~/features/articles/api/article-types';
import styles from './page.module.css';
import type { Route } from './+types/article-list';
import { originOf, seoMeta } from '~/lib/document/seo';
import { metaTexts, useUi } from '~/lib/language/ui-text';
import { siteServices } from '~/lib/request/site-context.server';
import { PAGE } from '~/pages';
import { routePage } from '~/lib/navigation/route-page';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const args = { request, context, params };
  const at = await pageLocale(args);
  const client = siteServices(context).content;
  const articles = await inPageLocale(args, at, PAGE.articles, (locale) => getArticles({ client, signal: request.signal, locale }), (source, own) => mergeList(source, own, ARTICLE_SUMMARY_TEXTS), []);
  // Failed: the page says nothing (spec 8); none: the studio has no articles yet.
  return { articles: articles.value.map(articleCard), nothingYet: !articles.failed && articles.value.length === 0, fallback: articles.fallback };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches, location }) => {
  const { ui, studio, fill, language, locales } = metaTexts({ location, matches });
  return seoMeta(originOf(matches), {
    studio,
    title: fill('pageTitle', { page: ui.articles, studio: studio.name }),
    description: fill('articlesDescription', { studio: studio.name }),
    path: PAGE.articles,
    language,
    locales,
    image: data?.articles.find((article) => article.cover)?.cover ?? undefined,
  });
};

function ArticleListPage({ loaderData }: Route.ComponentProps) {
  const { ui } = useUi();
  return (
    <Fallbacks texts={loaderData.fallback}>
    <main className={styles.column}>
      <h1 className="visually-hidden">{ui.articles}</h1>
      <ArticleList articles={loaderData.articles} />
      {loaderData.nothingYet && <EmptyState message={ui.noArticles} />}
      <Copyright />
    </main>
    </Fallbacks>
  );
}

/** A failure of this page keeps the shell around it (issue 27). */
export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error-boundary';

export default routePage(ArticleListPage);
