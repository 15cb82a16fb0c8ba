import type { Layout } from '~/lib/document/device';
import { isPlaceholder } from '~/lib/media/placeholder';
import { tokens } from '~/styles/tokens';
import type { ProjectSummary } from './api/project-types';

/**
 * The grid's document carries the tiles of its first screen whole and the rest without their
 * covers (decision 022, twenty-first pass): the covers' addresses, sizes and alt texts were most
 * of a phone's document, which then needed a second round trip before its first picture could be
 * asked for, and grew with every project the studio added. The rest are drawn in their cover's
 * colour, with their name and link, until the page has loaded and asked for the list again.
 * A client-side move to the grid (fetched ahead) gets the whole list at once.
 */

/** How many of the grid's first tiles its document carries whole: those on the first screen. */
export function wholeTiles(tall: readonly boolean[], layout: Layout): number {
  // A large window (2560 × 1440: six columns, five rows and a half).
  if (layout === 'web') return 36;
  // A phone's reference screen (390 × 844, as the project page counts its first screen): one
  // column of 266 px rows (532 for a tall tile) below the shell's top padding and the grid's
  // centred mark (page.module.css: 60 px above the 28 px mark, 24 px below).
  const { contentPaddingPhone, headerHeight, projectRow } = tokens.size;
  let top = contentPaddingPhone + headerHeight + 28 + 24;
  let count = 0;
  for (const isTall of tall) {
    if (top >= PHONE_SCREEN_HEIGHT) break;
    top += isTall ? 2 * projectRow : projectRow;
    count += 1;
  }
  return count;
}

const PHONE_SCREEN_HEIGHT = 844;

/** A project of the grid, its cover still to come: its cover's average colour meanwhile. */
export interface GridProject extends ProjectSummary {
  later?: { shade: string | null };
}

/** The first `whole` projects as they are, the rest with their cover to come. */
export function coversLater(projects: readonly ProjectSummary[], whole: number): GridProject[] {
  return projects.map((project, index) =>
    index < whole || !project.cover ? project : { ...project, cover: null, later: { shade: isPlaceholder(project.cover.placeholder) ? project.cover.placeholder.slice(0, 6) : null } },
  );
}

/**
 * The list with the covers still to come taken from the whole list (`complete`), by project. One
 * the answer has no cover for (taken away or unpublished meanwhile) is drawn without one: nothing
 * is still to come.
 */
export function withCovers(projects: readonly GridProject[], complete: readonly ProjectSummary[]): GridProject[] {
  const covers = new Map(complete.map((project) => [project.documentId, project.cover]));
  return projects.map((project) => {
    if (!project.later) return project;
    const { later: _later, ...rest } = project;
    return { ...rest, cover: covers.get(project.documentId) ?? null };
  });
}
