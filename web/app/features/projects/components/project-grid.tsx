import type { ProjectSummary } from '../api/project-types';
import { projectDetailHref } from '../project-links';
import { ProjectTile } from './project-tile';
import { useLayout } from '../../../lib/use-layout';
import styles from './project-grid.module.css';
import { UI } from '../../../lib/ui-text';

interface ProjectGridProps {
  projects: ProjectSummary[];
  /** The category filter of this list, carried to the detail pages. */
  category: string;
}

/** Tiles on the first screen (one column on a phone, a row or so on web): eager, high priority. */
const EAGER_TILES = { phone: 2, web: 3 } as const;

export function ProjectGrid({ projects, category }: ProjectGridProps) {
  const eager = EAGER_TILES[useLayout()];
  if (projects.length === 0) return null; // spec 8: the empty state says nothing
  const list = projects.map((project) => project.documentId);
  return (
    <ul className={styles.grid} aria-label={UI.projectList}>
      {projects.map((project, index) => (
        <ProjectTile
          key={project.documentId}
          project={project}
          index={index}
          to={projectDetailHref(project.documentId, category)}
          state={{ list }}
          priority={index < eager}
        />
      ))}
    </ul>
  );
}
