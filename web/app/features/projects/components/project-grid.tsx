import type { ProjectSummary } from '../api/project-types';
import { projectDetailHref } from '../project-links';
import { ProjectTile } from './project-tile';
import styles from './project-grid.module.css';

interface ProjectGridProps {
  projects: ProjectSummary[];
  /** The category filter of this list, carried to the detail pages. */
  category: string;
}

/** How many tiles make up the first row or so: loaded eagerly, with high priority. */
const EAGER_TILES = 3;

export function ProjectGrid({ projects, category }: ProjectGridProps) {
  if (projects.length === 0) return null; // spec 8: the empty state says nothing
  const list = projects.map((project) => project.documentId);
  return (
    <ul className={styles.grid} aria-label="项目列表">
      {projects.map((project, index) => (
        <ProjectTile
          key={project.documentId}
          project={project}
          index={index}
          to={projectDetailHref(project.documentId, category)}
          state={{ list }}
          priority={index < EAGER_TILES}
        />
      ))}
    </ul>
  );
}
