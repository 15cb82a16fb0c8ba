import { Copyright } from '~/components/copyright';
import { Logo } from '~/components/logo';
import { EmptyState } from '~/components/empty-state';
import { getProjects } from '~/features/projects/api/get-projects.server';
import { ProjectGrid } from '~/features/projects/components/project-grid';
import { ALL_CATEGORY, projectListHref } from '~/lib/content/category';
import { inPageLocale, mergeList } from '~/lib/language/localized.server';
import { pageLocale } from '~/lib/language/page-locale.server';
import { Fallbacks } from '~/components/fallbacks';
import { PROJECT_SUMMARY_TEXTS } from '~/features/projects/api/project-types';
import { knownCategory } from '~/features/shell/known-category.server';
import type { Route } from './+types/project-list';
import styles from './page.module.css';
import { originOf, seoMeta } from '~/lib/document/seo';
import { metaTexts, useUi } from '~/lib/language/ui-text';
import { siteServices } from '~/lib/request/site-context.server';
import { useTextLang } from '~/lib/language/language';
import { PAGE } from '~/pages';
import { KEEP_PAGE } from '~/lib/navigation/kept-page';
import { useEqualValue } from '~/lib/hooks/use-equal-value';
import { routePage } from '~/lib/navigation/route-page';
import { coversLater, wholeTiles } from '~/features/projects/covers-later';
import { layoutFor } from '~/lib/document/device';
import { isDocumentRequest } from '~/lib/request/page-params.server';

export async function loader({ url, request, context, params }: Route.LoaderArgs) {
  const args = { request, context, params };
  const at = await pageLocale(args);
  const client = siteServices(context).content;
  const { designType: category, label: categoryLabel } = await knownCategory(url, { client, signal: request.signal }, at);
  // The source's list, its order (spec 7: by name) for every language, each project in the page's.
  const projects = await inPageLocale(
    args,
    at,
    PAGE.projects,
    (locale) => (locale === at.locales.source ? getProjects(category, { client, signal: request.signal, locale }) : getProjects(ALL_CATEGORY.designType, { client, signal: request.signal, locale })),
    (source, own) => mergeList(source, own, PROJECT_SUMMARY_TEXTS),
    [],
  );
  // A document carries its first screen's covers, a move to the grid all of them (covers-later.ts).
  const whole = isDocumentRequest(request)
    ? wholeTiles(projects.value.map((project) => project.tall), layoutFor(request.headers.get('user-agent')))
    : Infinity;
  // Failed: the page says nothing (spec 8); none: the studio has no projects yet.
  return {
    projects: coversLater(projects.value, whole),
    // The link preview's picture, from the whole list: the same for a phone's document and a window's.
    preview: projects.value.find((project) => project.cover)?.cover ?? null,
    category,
    categoryLabel,
    nothingYet: !projects.failed && projects.value.length === 0,
    fallback: projects.fallback,
  };
}

// Kept in the document, hidden, while a project (or any page of the shell) is open: Back shows it at once.
export const handle = KEEP_PAGE;

export const meta: Route.MetaFunction = ({ loaderData: data, matches, location }) => {
  const { ui, studio, fill, language, locales } = metaTexts({ location, matches });
  const filtered = data && data.category !== ALL_CATEGORY.designType;
  return seoMeta(originOf(matches), {
    studio,
    title: filtered
      ? fill('categoryTitle', { category: data.categoryLabel, page: ui.projects, studio: studio.name })
      : fill('pageTitle', { page: ui.projects, studio: studio.name }),
    description: fill('projectsDescription', { studio: studio.name, subtitle: studio.subtitle }).trim(),
    path: data ? projectListHref(data.category) : PAGE.projects,
    language,
    locales,
    image: data?.preview ?? undefined,
  });
};

function ProjectList({ loaderData }: Route.ComponentProps) {
  const { category, categoryLabel, nothingYet, fallback } = loaderData;
  // The same objects when Back brings the same list: the kept grid's tiles do not render again.
  const projects = useEqualValue(loaderData.projects);
  const { ui } = useUi();
  const textLang = useTextLang();
  const heading = category === ALL_CATEGORY.designType ? ui.allProjects : categoryLabel;
  return (
    <Fallbacks texts={fallback}>
    <main className={`${styles.page} ${styles.column}`}>
      {/* The grid's centred mark (spec 2), over the tiles; a studio with none yet has only its empty state. */}
      {!nothingYet && (
        <div className={styles.pageLogo}>
          <Logo showName={false} />
        </div>
      )}
      <h1 className="visually-hidden" {...textLang(heading)}>
        {heading}
      </h1>
      <ProjectGrid projects={projects} category={category} />
      {nothingYet && <EmptyState message={category === ALL_CATEGORY.designType ? ui.noProjects : ui.noProjectsInCategory} />}
      <Copyright />
    </main>
    </Fallbacks>
  );
}

/** A failure of this page keeps the shell around it (issue 27). */
export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error-boundary';

export default routePage(ProjectList);
