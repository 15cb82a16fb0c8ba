import { useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import type { GridProject } from '../covers-later';
import { mayLead } from '../lead-tiles';
import { useCoversLater } from '../use-covers-later';
import { gridFillStyles } from '../grid-fill';
import { projectDetailHref } from '../project-links';
import { ProjectTile } from './project-tile';
import { EAGER_TILES, type FromLanding } from '~/lib/navigation/grid-entrance';
import { useLayout } from '~/lib/hooks/use-layout';
import { useRevealOnScroll } from '~/lib/hooks/use-reveal-on-scroll';
import { useReturnedTo } from '~/lib/hooks/use-returned-to';
import styles from './project-grid.module.css';
import { useUi } from '~/lib/language/ui-text';
import { useLocalePath } from '~/lib/language/language';

interface ProjectGridProps {
  projects: GridProject[];
  /** The category filter of this list, carried to the detail pages. */
  category: string;
}

const NO_FILL: Record<string, number> = {};


export function ProjectGrid({ projects, category }: ProjectGridProps) {
  const { ui } = useUi();
  const localize = useLocalePath();
  const eager = EAGER_TILES[useLayout()];
  const grid = useRef<HTMLUListElement>(null);
  const fromLanding = Boolean((useLocation().state as FromLanding | null)?.fromLanding);
  // Back or Forward shows the grid as it was left: no entrance, from its first frame.
  const returned = useReturnedTo();
  // Keyed by the projects, not the list's objects: covers arriving later (covers-later.ts) replay no entrance.
  const order = useMemo(() => projects.map((project) => project.documentId).join(), [projects]);
  useRevealOnScroll(grid, order, fromLanding || returned);
  // The covers a document left for later (covers-later.ts), once they have come.
  const shown = useCoversLater(projects, grid);
  const fills = useMemo(() => gridFillStyles(projects.map((project) => project.tall)), [projects]);
  // The first screen's pictures: the one a visitor waits for at high priority, the others at low.
  const leads = useMemo(
    () => mayLead(projects.slice(0, eager).map((project, index) => ({ tall: project.tall, respanned: Object.keys(fills[index] ?? NO_FILL).length > 0, cover: Boolean(project.cover) }))),
    [projects, fills, eager],
  );
  // One object for every tile and every render: the tiles are memoised.
  const state = useMemo(() => ({ list: projects.map((project) => project.documentId) }), [projects]);
  if (projects.length === 0) return null; // spec 8: the empty state says nothing
  return (
    <ul
      ref={grid}
      className={styles.grid}
      data-reveal={returned ? 'none' : undefined}
      // Some covers still to come (covers-later.ts): what is drawn is not yet all the grid will show.
      data-covers={shown.some((project) => project.later) ? 'later' : undefined}
      aria-label={ui.projectList}
    >
      {shown.map((project, index) => {
        const to = localize(projectDetailHref(project.documentId, category));
        return (
          <ProjectTile
            key={project.documentId}
            project={project}
            index={index}
            fill={fills[index] ?? NO_FILL}
            to={to}
            state={state}
            priority={index < eager ? (leads[index] ? true : 'low') : false}
          />
        );
      })}
    </ul>
  );
}
