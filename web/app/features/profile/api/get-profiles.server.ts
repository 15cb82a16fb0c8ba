import { z } from 'zod';
import { inLocale, type CallOptions } from '~/lib/content/content-api';
import type { Media } from '~/lib/media/media';
import { MEDIA_FIELDS, mediaSchema, toMedia } from '~/lib/media/media-schema.server';
import { UI } from '~/lib/language/ui-text';

export interface Profile {
  documentId: string;
  name: string;
  description: string;
  portrait: Media | null;
  awardImages: Media[];
  awards: unknown[];
}

/** A profile's fields that are written per language (issue 38); the rest are shared. */
export const PROFILE_TEXTS = ['name', 'description', 'awards'] as const satisfies ReadonlyArray<keyof Profile>;

const profileSchema = z.object({
  documentId: z.string(),
  profileName: z.string(),
  profileDescribe: z.string().nullish(),
  profileIcon: mediaSchema.nullish(),
  awardimage: z.array(mediaSchema).nullish(),
  awardList: z.array(z.unknown()).nullish(),
});

/** Spec 7: GET /api/profilelists with awardimage (url) and profileIcon (url), retried. */
export async function getProfiles({ client, signal, locale }: CallOptions): Promise<Profile[]> {
  const rows = await client.get({
    signal,
    call: 'GET /api/profilelists',
    path: '/api/profilelists',
    query: inLocale({ populate: { awardimage: { fields: [...MEDIA_FIELDS] }, profileIcon: { fields: [...MEDIA_FIELDS] } } }, locale),
    schema: z.array(profileSchema),
    retried: true,
  });
  const base = client.config;
  return rows.map((row) => ({
    documentId: row.documentId,
    name: row.profileName,
    description: row.profileDescribe ?? '',
    portrait: row.profileIcon ? toMedia(row.profileIcon, base, row.profileName) : null,
    awardImages: (row.awardimage ?? []).map((media) => toMedia(media, base, UI.award)),
    awards: row.awardList ?? [],
  }));
}
