import type { Media } from '../../../lib/media';

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
}
