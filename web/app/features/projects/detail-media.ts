import type { Project } from './api/project-types';

/** Spec 2: the project's media except the first (the cover, already seen in the grid). */
export const detailMedia = (project: Project) => project.media.slice(1);
