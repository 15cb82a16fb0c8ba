import { z } from 'zod';
import { inLocale, type CallOptions } from '~/lib/content/content-api';
import { MEDIA_FIELDS, toMedia } from '~/lib/media/media-schema.server';
import { articleSummarySchema } from './get-articles.server';
import type { Article } from './article-types';

const articleSchema = articleSummarySchema.extend({
  articleContent: z.array(z.unknown()).nullish(),
  locale: z.string().nullish(),
  localizations: z.array(z.object({ locale: z.string() })).nullish(),
});

/** Spec 7: GET /api/articles/{documentId} with articleImage (url, ext), retried. */
export async function getArticle(documentId: string, { client, signal, locale, privately }: CallOptions): Promise<Article> {
  const row = await client.get({
    signal,
    privately,
    call: 'GET /api/articles/{documentId}',
    path: `/api/articles/${encodeURIComponent(documentId)}`,
    query: inLocale({ populate: { articleImage: { fields: [...MEDIA_FIELDS] }, localizations: { fields: ['locale'] } } }, locale),
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
    locales: [...new Set([row.locale, ...(row.localizations ?? []).map((entry) => entry.locale)].filter((code): code is string => Boolean(code)))],
  };
}
