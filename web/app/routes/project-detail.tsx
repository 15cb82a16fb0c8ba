import { useLocation } from 'react-router';
import { Copyright } from '../components/copyright';
import { Pager } from '../components/pager';
import { getProject } from '../features/projects/api/get-project.server';
import { getProjectOrder } from '../features/projects/api/get-projects.server';
import { ProjectDetail } from '../features/projects/components/project-detail';
import { projectDetailHref } from '../features/projects/project-links';
import { ALL_CATEGORY, projectListHref } from '../lib/category';
import { loadEntry, loadOrEmpty } from '../lib/load-or-empty.server';
import { listFromState, neighbours } from '../lib/pager';
import { STUDIO } from '../lib/studio';
import type { Route } from './+types/project-detail';
import { UI, fill } from '../lib/ui-text';

const ROUTE = '/dailyPage/project/:id';

/**
 * Spec 2: the page carries the documentId query parameter and loads the project from it. The list
 * under the current filter is loaded too, so a shared link has the same previous/next.
 */
export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  const documentId = url.searchParams.get('documentId') || params.id;
  const category = url.searchParams.get('category') || ALL_CATEGORY.designType;
  const [project, order] = await Promise.all([
    loadEntry({ route: ROUTE, context }, () => getProject(documentId, { signal: request.signal })),
    loadOrEmpty({ route: ROUTE, context }, () => getProjectOrder(category, { signal: request.signal }), []),
  ]);
  return { project, order, documentId, category };
}

export const meta = ({ loaderData: data }: Route.MetaArgs) => [
  { title: fill('pageTitle', { page: data?.project ? data.project.name : UI.projects, studio: STUDIO.name }) },
  ...(data?.project?.description ? [{ name: 'description', content: data.project.description.slice(0, 150) }] : []),
];

export default function ProjectDetailPage({ loaderData }: Route.ComponentProps) {
  const { project, order, documentId, category } = loaderData;
  const location = useLocation();
  const list = listFromState(location.state) ?? order;
  const { previous, next } = neighbours(list, documentId);
  const pager = (
    <Pager
      previousHref={previous ? projectDetailHref(previous, category) : null}
      nextHref={next ? projectDetailHref(next, category) : null}
      backHref={projectListHref(category)}
      state={{ list }}
      labels={{ previous: UI.previousProject, back: UI.backToList, next: UI.nextProject }}
    />
  );
  return (
    <main>
      {project ? <ProjectDetail key={project.documentId} project={project} pager={pager} /> : pager}
      <Copyright />
    </main>
  );
}
