import { useLocation } from 'react-router';
import { Copyright } from '~/components/copyright';
import { Pager } from '~/components/pager';
import { getProject } from '~/features/projects/api/get-project.server';
import { getProjectOrder } from '~/features/projects/api/get-projects.server';
import { ProjectDetail } from '~/features/projects/components/project-detail';
import { detailMedia } from '~/features/projects/detail-media';
import { projectDetailHref } from '~/features/projects/project-links';
import { ALL_CATEGORY, projectListHref } from '~/lib/content/category';
import { loadOrEmpty } from '~/lib/content/load-or-empty.server';
import { inPageLocale, mergeEntry } from '~/lib/language/localized.server';
import { pageLocale } from '~/lib/language/page-locale.server';
import { Fallbacks } from '~/components/fallbacks';
import { PROJECT_TEXTS, type Project } from '~/features/projects/api/project-types';
import { knownCategory } from '~/features/shell/known-category.server';
import { checkDocumentId, checkViewerParam } from '~/lib/request/page-params.server';
import { listFromState, neighbours } from '~/lib/navigation/pager';
import type { Route } from './+types/project-detail';
import { breadcrumbs, originOf, seoMeta, shareImage, summary } from '~/lib/document/seo';
import { metaTexts, useUi } from '~/lib/language/ui-text';
import { localePath, useLocalePath } from '~/lib/language/language';
import { keepDataOnViewerChange } from '~/lib/media/media-viewer-url';
import { siteServices } from '~/lib/request/site-context.server';
import { useCountView } from '~/lib/hooks/use-count-view';
import { PAGE } from '~/pages';
import { routePage } from '~/lib/navigation/route-page';
import type { LeadPictureHandle } from '~/lib/media/lead-picture';
import { projectLeadPicture, projectMediaSizes } from '~/lib/media/image-sizes';

const ROUTE = PAGE.project;

/**
 * Spec 2: the page carries the documentId query parameter and loads the project from it. The list
 * under the current filter is loaded too, so a shared link has the same previous/next.
 */
export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  const args = { request, context, params };
  const at = await pageLocale(args);
  const documentId = params.id;
  const client = siteServices(context).content;
  const { designType: category } = await knownCategory(url, { client, signal: request.signal }, at);
  checkDocumentId(url, documentId, (other) => localePath(projectDetailHref(other, category), at.language, at.locales));
  const [project, order] = await Promise.all([
    inPageLocale(
      args,
      at,
      ROUTE,
      (locale) => getProject(documentId, { client, signal: request.signal, locale }),
      (source, own) => (source ? mergeEntry(source, own, PROJECT_TEXTS) : { value: null, fallback: [] }),
      null as Project | null,
      { entry: true },
    ),
    // The order of the list under the filter is the source's in every language (ordering is shared).
    loadOrEmpty({ route: ROUTE, context }, () => getProjectOrder(category, { client, signal: request.signal, locale: at.locales.source }), []),
  ]);
  if (project.value) checkViewerParam(url, detailMedia(project.value).length);
  return { project: project.value, order, documentId, category, fallback: project.fallback, alternates: project.value?.locales ?? null };
}

// The largest picture of the first screen is asked for first (on a phone often the second: an
// upright picture under a landscape one); a video is not asked for ahead, so the largest picture.
export const handle: LeadPictureHandle = {
  leadPicture: (data, layout) => {
    const project = (data as { project?: Project | null } | undefined)?.project;
    if (!project) return undefined;
    const media = detailMedia(project);
    const lead = media[projectLeadPicture(media, layout)];
    return lead && { media: lead, sizes: projectMediaSizes(layout) };
  },
};

// Opening or moving the full-screen viewer (`?media=`) changes only the URL, not the data.
export const shouldRevalidate = keepDataOnViewerChange;

export const meta: Route.MetaFunction = ({ loaderData: data, matches, location }) => {
  const project = data?.project;
  const { ui, studio, fill, language, locales } = metaTexts({ location, matches });
  // An unknown id is the 404 page: not for search engines.
  if (!project) return [{ title: fill('pageTitle', { page: ui.notFoundTitle, studio: studio.name }) }, { name: 'robots', content: 'noindex' }];
  const origin = originOf(matches);
  const path = projectDetailHref(project.documentId, ALL_CATEGORY.designType);
  const url = new URL(localePath(path, language, locales), origin).href;
  const image = project.media.find((media) => media.kind === 'image');
  return seoMeta(origin, {
    studio,
    title: fill('pageTitle', { page: project.name, studio: studio.name }),
    description: summary(project.description || `${project.name} · ${project.author}`),
    path,
    language,
    locales,
    alternates: data?.alternates ?? undefined,
    image,
    type: 'article',
    jsonLd: [
      {
        '@type': 'CreativeWork',
        name: project.name,
        url,
        author: project.author ? { '@type': 'Person', name: project.author } : { '@type': 'Organization', name: studio.name },
        creator: { '@type': 'Organization', name: studio.name },
        ...(image ? { image: shareImage(origin, image).url } : {}),
        ...(project.addTime ? { dateCreated: project.addTime } : {}),
        ...(project.description ? { description: summary(project.description, 300) } : {}),
      },
      breadcrumbs(origin, [
        { name: ui.projects, path: localePath(projectListHref(ALL_CATEGORY.designType), language, locales) },
        { name: project.name, path: localePath(path, language, locales) },
      ]),
    ],
  });
};

function ProjectDetailPage({ loaderData }: Route.ComponentProps) {
  const { project, order, documentId, category, fallback } = loaderData;
  const { ui } = useUi();
  const localize = useLocalePath();
  const location = useLocation();
  useCountView(Boolean(loaderData.project));
  const list = listFromState(location.state) ?? order;
  const { previous, next } = neighbours(list, documentId);
  const pager = (
    <Pager
      previousHref={previous ? localize(projectDetailHref(previous, category)) : null}
      nextHref={next ? localize(projectDetailHref(next, category)) : null}
      backHref={localize(projectListHref(category))}
      state={{ list }}
      labels={{ previous: ui.previousProject, back: ui.backToList, next: ui.nextProject }}
    />
  );
  return (
    <Fallbacks texts={fallback}>
      <main>
        {project ? <ProjectDetail key={project.documentId} project={project} pager={pager} /> : pager}
        <Copyright />
      </main>
    </Fallbacks>
  );
}

/** A failure of this page keeps the shell around it (issue 27). */
export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error-boundary';

export default routePage(ProjectDetailPage);
