import { coverImage, type Media } from '~/lib/media/media';

export interface ArticleSummary {
  documentId: string;
  name: string;
  time: string | null;
  chief: string;
  media: Media[];
}

/**
 * What the list draws of an article: its texts and its cover (spec 3: the first picture that is not
 * a video), not every picture of its carousel. The list's data is inline in its document, which
 * fits the first round trip only without them (decision 022, thirteenth pass).
 */
export interface ArticleCardData extends Omit<ArticleSummary, 'media'> {
  cover: Media | null;
}

/** The card of `article`. */
export const articleCard = ({ media, ...article }: ArticleSummary): ArticleCardData => ({ ...article, cover: coverImage(media) ?? null });

export interface Article extends ArticleSummary {
  /** Strapi blocks, rendered defensively by components/blocks.tsx. */
  content: unknown[];
  /** The locales the studio has it in (issue 38: its `hreflang` alternates). */
  locales: string[];
}

/** An article's fields that are written per language (issue 38); the rest are shared. */
export const ARTICLE_SUMMARY_TEXTS = ['name', 'chief'] as const satisfies ReadonlyArray<keyof ArticleSummary>;
export const ARTICLE_TEXTS = ['name', 'chief', 'content'] as const satisfies ReadonlyArray<keyof Article>;
