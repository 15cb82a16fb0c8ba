import type { Media } from '../../../lib/media';

export interface ProjectSummary {
  documentId: string;
  name: string;
  author: string;
  /** Spec: a project without flextype is shown as a tall tile (two rows). */
  tall: boolean;
  media: Media[];
}

export interface Project extends ProjectSummary {
  addTime: string | null;
  description: string;
}
