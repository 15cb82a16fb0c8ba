import type { Media } from '~/lib/media/media';

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
  /** The locales the studio has it in (issue 38: its `hreflang` alternates). */
  locales: string[];
}

/** An article's fields that are written per language (issue 38); the rest are shared. */
export const ARTICLE_SUMMARY_TEXTS = ['name', 'chief'] as const satisfies ReadonlyArray<keyof ArticleSummary>;
export const ARTICLE_TEXTS = ['name', 'chief', 'content'] as const satisfies ReadonlyArray<keyof Article>;
