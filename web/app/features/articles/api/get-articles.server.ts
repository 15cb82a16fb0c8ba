import { z } from 'zod';
import { inLocale, type CallOptions } from '~/lib/content/content-api';
import { MEDIA_FIELDS, mediaSchema, toMedia } from '~/lib/media/media-schema.server';
import type { ArticleSummary } from './article-types';

/** An article as the list has it; the full article (get-article) extends it with its content. */
export const articleSummarySchema = z.object({
  documentId: z.string(),
  articleName: z.string(),
  articleTime: z.string().nullish(),
  articleChief: z.string().nullish(),
  articleImage: z.array(mediaSchema).nullish(),
});

/** Spec 7: GET /api/articles, articleName/articleTime/articleChief with articleImage (url, ext), retried. */
export const articlesQuery = () => ({
  fields: ['articleName', 'articleTime', 'articleChief'],
  populate: { articleImage: { fields: [...MEDIA_FIELDS] } },
});

export async function getArticles({ client, signal, locale }: CallOptions): Promise<ArticleSummary[]> {
  const rows = await client.get({
    signal,
    call: 'GET /api/articles',
    path: '/api/articles',
    query: inLocale(articlesQuery(), locale),
    schema: z.array(articleSummarySchema),
    retried: true,
  });
  return rows.map((row) => ({
    documentId: row.documentId,
    name: row.articleName,
    time: row.articleTime ?? null,
    chief: row.articleChief ?? '',
    media: (row.articleImage ?? []).map((media) => toMedia(media, client.config, row.articleName)),
  }));
}
