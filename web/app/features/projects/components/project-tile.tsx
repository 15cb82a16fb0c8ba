import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../../components/responsive-image';
import { projectTileSizes } from '../../../lib/image-sizes';
import type { ProjectSummary } from '../api/project-types';
import styles from './project-grid.module.css';

interface ProjectTileProps {
  project: ProjectSummary;
  index: number;
  /** Column and row spans at the column counts where this tile ends the grid (grid-fill.ts). */
  fill: Record<string, number>;
  to: string;
  /** Navigation state handed to the detail page (the list the visitor came from). */
  state: unknown;
  priority: boolean;
}

/** A cover with name and author; hover or keyboard focus zooms it and fades in the overlay. */
export function ProjectTile({ project, index, fill, to, state, priority }: ProjectTileProps) {
  const { cover } = project;
  const span = Math.max(1, ...Object.entries(fill).map(([name, value]) => (name.endsWith('-columns') ? value : 1)));
  return (
    <li className={styles.tile} data-tall={project.tall} style={{ '--index': index, ...fill } as CSSProperties}>
      <Link to={to} state={state} className={styles.link}>
        {cover ? (
          <ResponsiveImage
            media={cover}
            className={styles.cover}
            sizes={projectTileSizes(cover, project.tall, span)}
            priority={priority}
          />
        ) : (
          <span className={styles.noCover} aria-hidden="true" />
        )}
        <span className={styles.overlay}>
          <span className={styles.name}>{project.name}</span>
          <span className={styles.separator} aria-hidden="true" />
          <span className={styles.author}>{project.author}</span>
        </span>
      </Link>
    </li>
  );
}
