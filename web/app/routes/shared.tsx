import { data, Link } from 'react-router';
import { Copyright } from '~/components/copyright';
import { Fallbacks } from '~/components/fallbacks';
import { NotFoundPage } from '~/components/not-found-page';
import { ContactDetails } from '~/features/contact/components/contact-details';
import { loadContact } from '~/features/contact/api/load-contact.server';
import { getArticle } from '~/features/articles/api/get-article.server';
import { ARTICLE_TEXTS, type Article } from '~/features/articles/api/article-types';
import { ArticleDetail } from '~/features/articles/components/article-detail';
import { getProject } from '~/features/projects/api/get-project.server';
import { PROJECT_TEXTS, type Project } from '~/features/projects/api/project-types';
import { ProjectDetail } from '~/features/projects/components/project-detail';
import { loadShellData } from '~/features/shell/api/shell-data.server';
import { Shell } from '~/features/shell/components/shell';
import { TranslationToggle } from '~/features/translation/components/translation-toggle';
import { useLocalePath } from '~/lib/language/language';
import { inPageLocale, mergeEntry } from '~/lib/language/localized.server';
import { underShare } from '~/lib/media/media';
import { pageLocale } from '~/lib/language/page-locale.server';
import { shareGrantContext, siteServices } from '~/lib/request/site-context.server';
import { metaTexts, useUi } from '~/lib/language/ui-text';
import { useCountView } from '~/lib/hooks/use-count-view';
import styles from './page.module.css';
import type { Route } from './+types/shared';
import { PAGE } from '~/pages';
import { routePage } from '~/lib/navigation/route-page';

const ROUTE = '/s/:token';

/** What a share link's page is: its item, a link the studio ended (410), or no link at all (404). */
type Shared = { kind: 'project'; project: Project } | { kind: 'article'; article: Article } | { kind: 'gone' } | { kind: 'unknown' };

/**
 * A share link (issue 39, docs/decisions/021-private-work.md): the one project or article the
 * studio chose, private or not, in the site's own design and languages, its files under the link's
 * own address; published content only, never a draft, never cached, never indexed (the headers
 * are the share gate's, server/privacy/share-gate.ts). An ended link is a 410 "no longer valid";
 * a token that opens nothing is the same 404 as any unknown address.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const args = { request, context, params };
  const token = params.token;
  const [shell, grant] = await Promise.all([loadShellData(args, { notFound: true, contact: (at) => loadContact(args, at, PAGE.shell) }), context.get(shareGrantContext) ?? siteServices(context).shares.resolve(token)]);
  if (grant.state !== 'valid') {
    const shared: Shared = { kind: grant.state === 'gone' ? 'gone' : 'unknown' };
    return data({ ...shell, shared, token }, { status: grant.state === 'gone' ? 410 : 404 });
  }
  const at = await pageLocale(args);
  const client = siteServices(context).content;
  const read = { client, signal: request.signal, privately: true };
  let shared: Shared;
  let fallback: string[];
  if (grant.kind === 'project') {
    const project = await inPageLocale(args, at, ROUTE, (locale) => getProject(grant.documentId, { ...read, locale }), (source, own) => (source ? mergeEntry(source, own, PROJECT_TEXTS) : { value: null, fallback: [] }), null as Project | null, { entry: true });
    shared = project.value ? { kind: 'project', project: underShare(project.value, token) } : { kind: 'gone' };
    fallback = project.fallback;
  } else {
    const article = await inPageLocale(args, at, ROUTE, (locale) => getArticle(grant.documentId, { ...read, locale }), (source, own) => (source ? mergeEntry(source, own, ARTICLE_TEXTS) : { value: null, fallback: [] }), null as Article | null, { entry: true });
    shared = article.value ? { kind: 'article', article: underShare(article.value, token) } : { kind: 'gone' };
    fallback = article.fallback;
  }
  return data({ ...shell, fallback: [...shell.fallback, ...fallback], shared, token }, { status: shared.kind === 'gone' ? 410 : 200 });
}

export const headers: Route.HeadersFunction = () => ({ 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex, nofollow' });

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  const { ui, studio, fill } = metaTexts({ location, matches });
  const shared = loaderData?.shared;
  const page = shared?.kind === 'project' ? shared.project.name : shared?.kind === 'article' ? shared.article.name : shared?.kind === 'gone' ? ui.linkGoneTitle : ui.notFoundTitle;
  // For the one it was sent to: no search engine, no link preview with its picture, no canonical.
  return [{ title: fill('pageTitle', { page, studio: studio.name }) }, { name: 'robots', content: 'noindex, nofollow' }, { name: 'referrer', content: 'no-referrer' }];
};

function SharedItem({ shared }: { shared: Shared }) {
  const { ui } = useUi();
  const localize = useLocalePath();
  useCountView(shared.kind === 'project' || shared.kind === 'article');
  if (shared.kind === 'gone' || shared.kind === 'unknown') return <NotFoundPage inShell gone={shared.kind === 'gone'} />;
  // In the pager's place: the link shows one item, so there is no previous, next or list (the list
  // is the public site's, without it); one quiet line says what the page is, one link leads to the
  // studio's site.
  const shelf = (
    <div className={styles.shared}>
      <p className={styles.sharedNote} role="note">
        {ui.sharedPrivately}
      </p>
      <Link to={localize('/')} className={styles.sharedLink}>
        {ui.visitStudioSite}
      </Link>
    </div>
  );
  return (
    <main>
      {shared.kind === 'project' ? <ProjectDetail project={shared.project} pager={shelf} /> : <ArticleDetail article={shared.article} pager={shelf} />}
      <Copyright />
    </main>
  );
}

function SharedPage({ loaderData }: Route.ComponentProps) {
  return (
    <Fallbacks texts={loaderData.fallback}>
      <Shell categories={loaderData.categories} contact={<ContactDetails contact={loaderData.contact} />} headerExtra={<TranslationToggle />}>
        <SharedItem shared={loaderData.shared} />
      </Shell>
    </Fallbacks>
  );
}

/** A failure of this page keeps the shell around it (issue 27). */
export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error-boundary';

export default routePage(SharedPage);
