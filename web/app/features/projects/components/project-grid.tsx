import type { ProjectSummary } from '../api/project-types';
import { ProjectTile } from './project-tile';
import styles from './project-grid.module.css';

interface ProjectGridProps {
  projects: ProjectSummary[];
  /** The query string of the current list (its filter), carried to the detail pages. */
  search: string;
}

/** How many tiles make up the first row or so: loaded eagerly, with high priority. */
const EAGER_TILES = 3;

export function detailHref(project: ProjectSummary, search: string): string {
  const params = new URLSearchParams(search);
  params.set('documentId', project.documentId);
  return `/dailyPage/project/${encodeURIComponent(project.documentId)}?${params}`;
}

export function ProjectGrid({ projects, search }: ProjectGridProps) {
  if (projects.length === 0) return null; // spec 8: the empty state says nothing
  const list = projects.map((project) => project.documentId);
  return (
    <ul className={styles.grid} aria-label="项目列表">
      {projects.map((project, index) => (
        <ProjectTile
          key={project.documentId}
          project={project}
          index={index}
          to={detailHref(project, search)}
          state={{ list, search }}
          priority={index < EAGER_TILES}
        />
      ))}
    </ul>
  );
}
