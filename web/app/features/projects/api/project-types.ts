import type { Media } from '~/lib/media/media';

export interface ProjectSummary {
  documentId: string;
  name: string;
  author: string;
  /** Spec: a project without flextype is shown as a tall tile (two rows). */
  tall: boolean;
  /** The first picture that is not a video (spec 3); the grid needs nothing else of the media. */
  cover: Media | null;
}

export interface Project extends Omit<ProjectSummary, 'cover'> {
  media: Media[];
  addTime: string | null;
  description: string;
  /** The locales the studio has it in (issue 38: its `hreflang` alternates). */
  locales: string[];
}

/** A project's fields that are written per language (issue 38); the rest are shared. */
export const PROJECT_SUMMARY_TEXTS = ['name', 'author'] as const satisfies ReadonlyArray<keyof ProjectSummary>;
export const PROJECT_TEXTS = ['name', 'author', 'description'] as const satisfies ReadonlyArray<keyof Project>;
