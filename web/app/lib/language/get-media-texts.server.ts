import { z } from 'zod';
import type { CallOptions } from '../content/content-api';
import { siteRelativeUrl } from '../media/media';

const mediaTextsSchema = z.array(z.object({ alternativeText: z.string().nullish(), file: z.object({ url: z.string() }).nullish() }));

/**
 * GET /api/media-texts?locale= (issue 38): what each picture shows, in words, in a locale other
 * than the source (the media library holds the source's): by the picture's site address.
 */
export async function getMediaTexts({ client, signal }: CallOptions, locale: string): Promise<Map<string, string>> {
  const rows = await client.get({
    signal,
    call: 'GET /api/media-texts',
    path: '/api/media-texts',
    query: { locale, fields: ['alternativeText'], populate: { file: { fields: ['url'] } } },
    schema: mediaTextsSchema,
    retried: true,
  });
  const texts = new Map<string, string>();
  for (const row of rows) if (row.file?.url && row.alternativeText?.trim()) texts.set(siteRelativeUrl(row.file.url, client.config), row.alternativeText.trim());
  return texts;
}
