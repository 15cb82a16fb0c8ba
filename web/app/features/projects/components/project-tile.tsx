import { memo, useRef, type CSSProperties } from 'react';
import { QuietLink } from '~/lib/navigation/quiet-link';
import { ResponsiveImage } from '~/components/responsive-image';
import { projectTileSizes } from '~/lib/media/image-sizes';
import { useLayout } from '~/lib/hooks/use-layout';
import { skippable } from '~/lib/media/hold-pictures';
import { fetchAheadOnIntent, useListItemAhead } from '~/lib/hooks/use-fetch-ahead';
import { useTextLang } from '~/lib/language/language';
import { PROJECT_TRANSITION } from '../project-transition';
import type { GridProject } from '../covers-later';
import styles from './project-grid.module.css';

interface ProjectTileProps {
  project: GridProject;
  index: number;
  /** Column and row spans at the column counts where this tile ends the grid (grid-fill.ts). */
  fill: Record<string, number>;
  to: string;
  /** Navigation state handed to the detail page (the list the visitor came from). */
  state: unknown;
  priority: boolean | 'low';
}

/**
 * A cover with name and author; hover or keyboard focus zooms it and fades in the overlay. Its
 * project is fetched ahead when it is pointed at or focused (on a phone: when it scrolls into
 * view; in a window the first tile seen fetches the project page's code), and opening it carries
 * the cover and the name into the project page (a view transition). Memoised: a move re-renders
 * only the tile it moves (issue 41).
 */
export const ProjectTile = memo(function ProjectTile({ project, index, fill, to, state, priority }: ProjectTileProps) {
  const { cover } = project;
  const layout = useLayout();
  const tile = useRef<HTMLLIElement>(null);
  useListItemAhead(tile, to, index, layout === 'phone');
  const intent = fetchAheadOnIntent(to);
  const textLang = useTextLang();
  const span = Math.max(1, ...Object.entries(fill).map(([name, value]) => (name.endsWith('-columns') ? value : 1)));
  return (
    <li ref={tile} className={styles.tile} {...skippable} data-tall={project.tall} style={{ '--index': index, ...fill } as CSSProperties}>
      <QuietLink to={to} state={state} className={styles.link} viewTransition morph={to} {...intent}>
        {cover ? (
          <ResponsiveImage
            media={cover}
            cropped
            className={styles.cover}
            sizes={projectTileSizes(cover, project.tall, span)}
            priority={priority}
            data-morph={PROJECT_TRANSITION.media}
          />
        ) : (
          // No cover, or one still to come: its colour meanwhile.
          <span className={styles.noCover} aria-hidden="true" style={project.later?.shade ? { backgroundColor: `#${project.later.shade}` } : undefined} />
        )}
        <span className={styles.overlay}>
          <span className={styles.name} data-morph={PROJECT_TRANSITION.title} {...textLang(project.name)}>
            {project.name}
          </span>
          <span className={styles.separator} aria-hidden="true" />
          <span className={styles.author} {...textLang(project.author)}>
            {project.author}
          </span>
        </span>
      </QuietLink>
    </li>
  );
});
