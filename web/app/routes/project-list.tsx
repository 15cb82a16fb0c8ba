import { Copyright } from '../components/copyright';
import { Logo } from '../components/logo';
import { EmptyState } from '../components/empty-state';
import { getProjects } from '../features/projects/api/get-projects.server';
import { ProjectGrid } from '../features/projects/components/project-grid';
import { ALL_CATEGORY } from '../lib/category';
import { loadOrEmpty } from '../lib/load-or-empty.server';
import { knownCategory } from '../features/shell/known-category.server';
import type { Route } from './+types/project-list';
import styles from './page.module.css';
import { originOf, seoMeta } from '../lib/seo';
import { metaTexts, useUi } from '../lib/ui-text';
import { siteServices } from '../lib/site-context.server';
import { inPageLanguage } from '../lib/page-language.server';
import { useTextLang } from '../lib/language';

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const category = await knownCategory(url, { client: siteServices(context).content, signal: request.signal });
  // null: the CMS failed (the page says nothing, spec 8); []: the studio has no projects yet.
  const projects = await loadOrEmpty({ route: '/dailyPage/project', context }, () => getProjects(category, { client: siteServices(context).content, signal: request.signal }), null);
  // The filter's key stays the studio's own; what the page calls it is in the page's language.
  const { projects: shown, categoryLabel } = await inPageLanguage(request, context, { projects: projects ?? [], categoryLabel: category });
  return { projects: shown, category, categoryLabel, nothingYet: projects?.length === 0 };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches, location }) => {
  const { ui, studio, fill, language } = metaTexts({ location, matches });
  const filtered = data && data.category !== ALL_CATEGORY.designType;
  return seoMeta(originOf(matches), {
    studio,
    title: filtered
      ? fill('categoryTitle', { category: data.categoryLabel, page: ui.projects, studio: studio.name })
      : fill('pageTitle', { page: ui.projects, studio: studio.name }),
    description: fill('projectsDescription', { studio: studio.name, subtitle: studio.subtitle }).trim(),
    path: filtered ? `/dailyPage/project?category=${encodeURIComponent(data.category)}` : '/dailyPage/project',
    language,
    image: data?.projects.find((project) => project.cover)?.cover,
  });
};

export default function ProjectList({ loaderData }: Route.ComponentProps) {
  const { projects, category, categoryLabel, nothingYet } = loaderData;
  const { ui } = useUi();
  const textLang = useTextLang();
  const heading = category === ALL_CATEGORY.designType ? ui.allProjects : categoryLabel;
  return (
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
  );
}

/** A failure of this page keeps the shell around it (issue 27). */
export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error-boundary';
