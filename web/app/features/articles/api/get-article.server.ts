import { z } from 'zod';
import type { CallOptions } from '../../../lib/content/content-client.server';
import { MEDIA_FIELDS, toMedia } from '../../../lib/media-schema.server';
import { articleSummarySchema } from './get-articles.server';
import type { Article } from './article-types';

const articleSchema = articleSummarySchema.extend({
  articleContent: z.array(z.unknown()).nullish(),
});

/** Spec 7: GET /api/articles/{documentId} with articleImage (url, ext), retried. */
export async function getArticle(documentId: string, { client, signal }: CallOptions): Promise<Article> {
  const row = await client.get({
    signal,
    call: 'GET /api/articles/{documentId}',
    path: `/api/articles/${encodeURIComponent(documentId)}`,
    query: { populate: { articleImage: { fields: [...MEDIA_FIELDS] } } },
    schema: articleSchema,
    retried: true,
  });
  return {
    documentId: row.documentId,
    name: row.articleName,
    time: row.articleTime ?? null,
    chief: row.articleChief ?? '',
    media: (row.articleImage ?? []).map((media) => toMedia(media, client.config, row.articleName)),
    content: row.articleContent ?? [],
  };
}
