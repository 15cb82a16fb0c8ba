import { z } from 'zod';
import type { CallOptions } from '~/lib/content/content-api';
import type { Media } from '~/lib/media/media';
import { MEDIA_FIELDS, mediaSchema, toMedia } from '~/lib/media/media-schema.server';

const rowSchema = z.object({ NavigationPage: mediaSchema.nullish() });

/** Spec 7: GET /api/first-page-imgs with NavigationPage (name, url), retried. */
export async function getLandingImages({ client, signal }: CallOptions): Promise<Media[]> {
  const rows = await client.get({
    signal,
    call: 'GET /api/first-page-imgs',
    path: '/api/first-page-imgs',
    query: { populate: { NavigationPage: { fields: [...MEDIA_FIELDS] } } },
    schema: z.array(rowSchema),
    retried: true,
  });
  return rows.flatMap((row) =>
    row.NavigationPage ? [toMedia(row.NavigationPage, client.config, row.NavigationPage.name ?? '')] : [],
  ).filter((media) => media.kind === 'image');
}
