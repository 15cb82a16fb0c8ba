import { Copyright } from '../components/copyright';
import { Logo } from '../components/logo';
import { getProjects } from '../features/projects/api/get-projects.server';
import { ProjectGrid } from '../features/projects/components/project-grid';
import { ALL_CATEGORY } from '../lib/category';
import { loadOrEmpty } from '../lib/load-or-empty.server';
import { knownCategory } from '../features/shell/known-category.server';
import { STUDIO } from '../lib/studio';
import type { Route } from './+types/project-list';
import styles from './page.module.css';
import { originOf, seoMeta } from '../lib/seo';
import { UI, fill } from '../lib/ui-text';
import { siteServices } from '../lib/site-context.server';

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const category = await knownCategory(url, { client: siteServices(context).content, signal: request.signal });
  const projects = await loadOrEmpty({ route: '/dailyPage/project', context }, () => getProjects(category, { client: siteServices(context).content, signal: request.signal }), []);
  return { projects, category };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) => {
  const filtered = data && data.category !== ALL_CATEGORY.designType;
  return seoMeta(originOf(matches), {
    title: filtered
      ? fill('categoryTitle', { category: data.category, page: UI.projects, studio: STUDIO.name })
      : fill('pageTitle', { page: UI.projects, studio: STUDIO.name }),
    description: UI.projectsDescription,
    path: filtered ? `/dailyPage/project?category=${encodeURIComponent(data.category)}` : '/dailyPage/project',
    image: data?.projects.find((project) => project.cover)?.cover,
  });
};

export default function ProjectList({ loaderData }: Route.ComponentProps) {
  const { projects, category } = loaderData;
  return (
    <main className={styles.page}>
      <div className={styles.pageLogo}>
        <Logo showName={false} />
      </div>
      <h1 className="visually-hidden">{category === ALL_CATEGORY.designType ? UI.allProjects : category}</h1>
      <ProjectGrid projects={projects} category={category} />
      <Copyright />
    </main>
  );
}

/** A failure of this page keeps the shell around it (issue 27). */
export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error-boundary';
