import { useLocation } from 'react-router';
import { Copyright } from '~/components/copyright';
import { Pager } from '~/components/pager';
import { getArticle } from '~/features/articles/api/get-article.server';
import { getArticles } from '~/features/articles/api/get-articles.server';
import { ArticleDetail } from '~/features/articles/components/article-detail';
import { articleHref } from '~/features/articles/article-links';
import { ARTICLE_TEXTS, type Article } from '~/features/articles/api/article-types';
import { loadOrEmpty } from '~/lib/content/load-or-empty.server';
import { inPageLocale, mergeEntry } from '~/lib/language/localized.server';
import { pageLocale } from '~/lib/language/page-locale.server';
import { Fallbacks } from '~/components/fallbacks';
import { checkDocumentId, checkViewerParam } from '~/lib/request/page-params.server';
import { listFromState, neighbours } from '~/lib/navigation/pager';
import type { Route } from './+types/article-detail';
import { breadcrumbs, originOf, seoMeta, shareImage, summary } from '~/lib/document/seo';
import { metaTexts, useUi } from '~/lib/language/ui-text';
import { localePath, useLocalePath } from '~/lib/language/language';
import { keepDataOnViewerChange } from '~/lib/media/media-viewer-url';
import { siteServices } from '~/lib/request/site-context.server';
import { useCountView } from '~/lib/hooks/use-count-view';
import { PAGE } from '~/pages';
import { routePage } from '~/lib/navigation/route-page';

const ROUTE = PAGE.article;

export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  const args = { request, context, params };
  const at = await pageLocale(args);
  const documentId = params.id;
  const client = siteServices(context).content;
  checkDocumentId(url, documentId, (other) => localePath(articleHref(other), at.language, at.locales));
  const [article, articles] = await Promise.all([
    inPageLocale(
      args,
      at,
      ROUTE,
      (locale) => getArticle(documentId, { client, signal: request.signal, locale }),
      (source, own) => (source ? mergeEntry(source, own, ARTICLE_TEXTS) : { value: null, fallback: [] }),
      null as Article | null,
      { entry: true },
    ),
    // The list's order is the source's in every language (ordering is shared).
    loadOrEmpty({ route: ROUTE, context }, () => getArticles({ client, signal: request.signal, locale: at.locales.source }), []),
  ]);
  if (article.value) checkViewerParam(url, article.value.media.length);
  return { article: article.value, order: articles.map((entry) => entry.documentId), documentId, fallback: article.fallback, alternates: article.value?.locales ?? null };
}

// Opening or moving the full-screen viewer (`?media=`) changes only the URL, not the data.
export const shouldRevalidate = keepDataOnViewerChange;

export const meta: Route.MetaFunction = ({ loaderData: data, matches, location }) => {
  const article = data?.article;
  const { ui, studio, fill, language, locales } = metaTexts({ location, matches });
  if (!article) return [{ title: fill('pageTitle', { page: ui.notFoundTitle, studio: studio.name }) }, { name: 'robots', content: 'noindex' }];
  const origin = originOf(matches);
  const path = articleHref(article.documentId);
  const own = localePath(path, language, locales);
  const image = article.media.find((media) => media.kind === 'image');
  return seoMeta(origin, {
    studio,
    title: fill('pageTitle', { page: article.name, studio: studio.name }),
    description: summary(article.chief || article.name),
    path,
    language,
    locales,
    alternates: data?.alternates ?? undefined,
    image,
    type: 'article',
    jsonLd: [
      {
        '@type': 'Article',
        headline: article.name,
        url: new URL(own, origin).href,
        author: { '@type': 'Organization', name: studio.name },
        publisher: { '@type': 'Organization', name: studio.name },
        ...(image ? { image: shareImage(origin, image).url } : {}),
        ...(article.time ? { datePublished: article.time } : {}),
        ...(article.chief ? { description: summary(article.chief, 300) } : {}),
      },
      breadcrumbs(origin, [
        { name: ui.articles, path: localePath(PAGE.articles, language, locales) },
        { name: article.name, path: own },
      ]),
    ],
  });
};

function ArticleDetailPage({ loaderData }: Route.ComponentProps) {
  const { article, order, documentId, fallback } = loaderData;
  const { ui } = useUi();
  const localize = useLocalePath();
  const location = useLocation();
  useCountView(Boolean(loaderData.article));
  const list = listFromState(location.state) ?? order;
  const { previous, next } = neighbours(list, documentId);
  const pager = (
    <Pager
      previousHref={previous ? localize(articleHref(previous)) : null}
      nextHref={next ? localize(articleHref(next)) : null}
      backHref={localize(PAGE.articles)}
      state={{ list }}
      labels={{ previous: ui.previousArticle, back: ui.backToList, next: ui.nextArticle }}
    />
  );
  return (
    <Fallbacks texts={fallback}>
      <main>
        {article ? <ArticleDetail key={article.documentId} article={article} pager={pager} /> : pager}
        <Copyright />
      </main>
    </Fallbacks>
  );
}

/** A failure of this page keeps the shell around it (issue 27). */
export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error-boundary';

export default routePage(ArticleDetailPage);
