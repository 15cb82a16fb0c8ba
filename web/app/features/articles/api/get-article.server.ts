import { z } from 'zod';
import { contentClient, type CallOptions } from '../../../lib/content-client.server';
import { MEDIA_FIELDS, mediaSchema, toMedia } from '../../../lib/media-schema.server';
import type { Article } from './article-types';

const articleSchema = z.object({
  documentId: z.string(),
  articleName: z.string(),
  articleTime: z.string().nullish(),
  articleChief: z.string().nullish(),
  articleImage: z.array(mediaSchema).nullish(),
  articleContent: z.array(z.unknown()).nullish(),
});

/** Spec 7: GET /api/articles/{documentId} with articleImage (url, ext), retried. */
export async function getArticle(documentId: string, { client = contentClient(), signal }: CallOptions = {}): Promise<Article> {
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
    media: (row.articleImage ?? []).map((media) => toMedia(media, client.config.baseUrl, row.articleName)),
    content: row.articleContent ?? [],
  };
}
