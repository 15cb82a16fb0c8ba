import type { Media } from '../../../lib/media';

export interface ArticleSummary {
  documentId: string;
  name: string;
  time: string | null;
  chief: string;
  media: Media[];
}

export interface Article extends ArticleSummary {
  /** Strapi blocks, rendered defensively by components/blocks.tsx. */
  content: unknown[];
}
