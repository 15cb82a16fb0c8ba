import { useLocation } from 'react-router';
import { Copyright } from '../components/copyright';
import { Pager } from '../components/pager';
import { getArticle } from '../features/articles/api/get-article.server';
import { getArticles } from '../features/articles/api/get-articles.server';
import { ArticleDetail } from '../features/articles/components/article-detail';
import { articleHref } from '../features/articles/components/article-card';
import { loadEntry, loadOrEmpty } from '../lib/load-or-empty.server';
import { checkDocumentId, checkViewerParam } from '../lib/page-params.server';
import { listFromState, neighbours } from '../lib/pager';
import type { Route } from './+types/article-detail';
import { breadcrumbs, originOf, seoMeta, shareImage, summary } from '../lib/seo';
import { metaTexts, useUi } from '../lib/ui-text';
import { inPageLanguage } from '../lib/page-language.server';
import { languageOf, localePath } from '../lib/language';
import { keepDataOnViewerChange } from '../lib/media-viewer-url';
import { siteServices } from '../lib/site-context.server';

const ROUTE = '/dailyPage/article/:id';

export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  const documentId = params.id;
  const language = languageOf(url.pathname);
  checkDocumentId(url, documentId, (other) => articleHref(other, language));
  const [article, articles] = await Promise.all([
    loadEntry({ route: ROUTE, context }, () => getArticle(documentId, { client: siteServices(context).content, signal: request.signal })),
    loadOrEmpty({ route: ROUTE, context }, () => getArticles({ client: siteServices(context).content, signal: request.signal }), []),
  ]);
  if (article) checkViewerParam(url, article.media.length);
  return { article: await inPageLanguage(request, context, article), order: articles.map((entry) => entry.documentId), documentId };
}

// Opening or moving the full-screen viewer (`?media=`) changes only the URL, not the data.
export const shouldRevalidate = keepDataOnViewerChange;

export const meta: Route.MetaFunction = ({ loaderData: data, matches, location }) => {
  const article = data?.article;
  const { ui, studio, fill, language } = metaTexts({ location, matches });
  if (!article) return [{ title: fill('pageTitle', { page: ui.notFoundTitle, studio: studio.name }) }, { name: 'robots', content: 'noindex' }];
  const origin = originOf(matches);
  const path = articleHref(article.documentId);
  const own = articleHref(article.documentId, language);
  const image = article.media.find((media) => media.kind === 'image');
  return seoMeta(origin, {
    studio,
    title: fill('pageTitle', { page: article.name, studio: studio.name }),
    description: summary(article.chief || article.name),
    path,
    language,
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
        { name: ui.articles, path: localePath('/dailyPage/article', language) },
        { name: article.name, path: own },
      ]),
    ],
  });
};

export default function ArticleDetailPage({ loaderData }: Route.ComponentProps) {
  const { article, order, documentId } = loaderData;
  const { ui, language } = useUi();
  const location = useLocation();
  const list = listFromState(location.state) ?? order;
  const { previous, next } = neighbours(list, documentId);
  const pager = (
    <Pager
      previousHref={previous ? articleHref(previous, language) : null}
      nextHref={next ? articleHref(next, language) : null}
      backHref={localePath('/dailyPage/article', language)}
      state={{ list }}
      labels={{ previous: ui.previousArticle, back: ui.backToList, next: ui.nextArticle }}
    />
  );
  return (
    <main>
      {article ? <ArticleDetail key={article.documentId} article={article} pager={pager} /> : pager}
      <Copyright />
    </main>
  );
}

/** A failure of this page keeps the shell around it (issue 27). */
export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error-boundary';
