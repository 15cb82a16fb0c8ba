import { useLocation } from 'react-router';
import { Copyright } from '../components/copyright';
import { Pager } from '../components/pager';
import { getProject } from '../features/projects/api/get-project.server';
import { getProjectOrder } from '../features/projects/api/get-projects.server';
import { ProjectDetail } from '../features/projects/components/project-detail';
import { detailMedia } from '../features/projects/detail-media';
import { projectDetailHref } from '../features/projects/project-links';
import { ALL_CATEGORY, projectListHref } from '../lib/category';
import { loadEntry, loadOrEmpty } from '../lib/load-or-empty.server';
import { knownCategory } from '../features/shell/known-category.server';
import { checkDocumentId, checkViewerParam } from '../lib/page-params.server';
import { listFromState, neighbours } from '../lib/pager';
import type { Route } from './+types/project-detail';
import { breadcrumbs, originOf, seoMeta, shareImage, summary } from '../lib/seo';
import { metaTexts, useUi } from '../lib/ui-text';
import { inPageLanguage } from '../lib/page-language.server';
import { languageOf } from '../lib/language';
import { keepDataOnViewerChange } from '../lib/media-viewer-url';
import { siteServices } from '../lib/site-context.server';

const ROUTE = '/dailyPage/project/:id';

/**
 * Spec 2: the page carries the documentId query parameter and loads the project from it. The list
 * under the current filter is loaded too, so a shared link has the same previous/next.
 */
export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  const documentId = params.id;
  const category = await knownCategory(url, { client: siteServices(context).content, signal: request.signal });
  const language = languageOf(url.pathname);
  checkDocumentId(url, documentId, (other) => projectDetailHref(other, category, language));
  const [project, order] = await Promise.all([
    loadEntry({ route: ROUTE, context }, () => getProject(documentId, { client: siteServices(context).content, signal: request.signal })),
    loadOrEmpty({ route: ROUTE, context }, () => getProjectOrder(category, { client: siteServices(context).content, signal: request.signal }), []),
  ]);
  if (project) checkViewerParam(url, detailMedia(project).length);
  return { project: await inPageLanguage(request, context, project), order, documentId, category };
}

// Opening or moving the full-screen viewer (`?media=`) changes only the URL, not the data.
export const shouldRevalidate = keepDataOnViewerChange;

export const meta: Route.MetaFunction = ({ loaderData: data, matches, location }) => {
  const project = data?.project;
  const { ui, studio, fill, language } = metaTexts({ location, matches });
  // An unknown id is the 404 page: not for search engines.
  if (!project) return [{ title: fill('pageTitle', { page: ui.notFoundTitle, studio: studio.name }) }, { name: 'robots', content: 'noindex' }];
  const origin = originOf(matches);
  const path = projectDetailHref(project.documentId, ALL_CATEGORY.designType);
  const url = new URL(projectDetailHref(project.documentId, ALL_CATEGORY.designType, language), origin).href;
  const image = project.media.find((media) => media.kind === 'image');
  return seoMeta(origin, {
    studio,
    title: fill('pageTitle', { page: project.name, studio: studio.name }),
    description: summary(project.description || `${project.name} · ${project.author}`),
    path,
    language,
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
        { name: ui.projects, path: projectListHref(ALL_CATEGORY.designType, language) },
        { name: project.name, path: projectDetailHref(project.documentId, ALL_CATEGORY.designType, language) },
      ]),
    ],
  });
};

export default function ProjectDetailPage({ loaderData }: Route.ComponentProps) {
  const { project, order, documentId, category } = loaderData;
  const { ui, language } = useUi();
  const location = useLocation();
  const list = listFromState(location.state) ?? order;
  const { previous, next } = neighbours(list, documentId);
  const pager = (
    <Pager
      previousHref={previous ? projectDetailHref(previous, category, language) : null}
      nextHref={next ? projectDetailHref(next, category, language) : null}
      backHref={projectListHref(category, language)}
      state={{ list }}
      labels={{ previous: ui.previousProject, back: ui.backToList, next: ui.nextProject }}
    />
  );
  return (
    <main>
      {project ? <ProjectDetail key={project.documentId} project={project} pager={pager} /> : pager}
      <Copyright />
    </main>
  );
}

/** A failure of this page keeps the shell around it (issue 27). */
export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error-boundary';
