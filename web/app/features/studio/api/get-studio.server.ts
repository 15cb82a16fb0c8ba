import { z } from 'zod';
import { ContentError, type CallOptions } from '~/lib/content/content-api';
import { MEDIA_FIELDS, mediaSchema } from '~/lib/media/media-schema.server';

const text = z.string().nullish().transform((value) => value?.trim() ?? '');

/** `GET /api/studio` in one locale, as the CMS answers it (issue 37). */
export const studioRowSchema = z.object({
  documentId: z.string().optional(),
  locale: z.string().nullish(),
  updatedAt: z.string().nullish(),
  name: text,
  nameLatin: text,
  subtitle: text,
  tagline: text,
  description: text,
  copyrightHolder: text,
  filingNumber: text,
  filingUrl: text,
  country: text,
  themeColor: text,
  logo: mediaSchema.nullish(),
  shareImage: mediaSchema.nullish(),
});

export type StudioRow = z.infer<typeof studioRowSchema>;

/**
 * The studio in `locale`, or null when the studio has not filled it in (no entry in that locale,
 * or none at all: the CMS answers 404). Media are populated with what the site draws them with.
 */
export async function getStudio({ client, signal }: CallOptions, locale: string): Promise<StudioRow | null> {
  try {
    return await client.get({
      signal,
      call: 'GET /api/studio',
      path: '/api/studio',
      query: {
        locale,
        populate: { logo: { fields: [...MEDIA_FIELDS] }, shareImage: { fields: [...MEDIA_FIELDS] } },
      },
      schema: studioRowSchema,
      retried: true,
    });
  } catch (error) {
    if (error instanceof ContentError && error.notFound) return null;
    throw error;
  }
}
