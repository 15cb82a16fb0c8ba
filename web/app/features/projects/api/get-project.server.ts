import { z } from 'zod';
import { inLocale, type CallOptions } from '~/lib/content/content-api';
import { MEDIA_FIELDS, toMedia } from '~/lib/media/media-schema.server';
import { projectSummarySchema } from './get-projects.server';
import type { Project } from './project-types';

const projectSchema = projectSummarySchema.extend({
  addTime: z.string().nullish(),
  description: z.string().nullish(),
  locale: z.string().nullish(),
  localizations: z.array(z.object({ locale: z.string() })).nullish(),
});

/** Spec 7: GET /api/projects/{documentId} with images (url, ext); and the locales it is in (issue 38). */
export const projectQuery = () => ({ populate: { images: { fields: [...MEDIA_FIELDS] }, localizations: { fields: ['locale'] } } });

export async function getProject(documentId: string, { client, signal, locale, privately }: CallOptions): Promise<Project> {
  const row = await client.get({
    signal,
    privately,
    call: 'GET /api/projects/{documentId}',
    path: `/api/projects/${encodeURIComponent(documentId)}`,
    query: inLocale(projectQuery(), locale),
    schema: projectSchema,
  });
  return {
    documentId: row.documentId,
    name: row.projectName,
    author: row.author ?? '',
    tall: !row.flextype,
    addTime: row.addTime ?? null,
    description: row.description ?? '',
    media: (row.images ?? []).map((image) => toMedia(image, client.config, row.projectName)),
    locales: [...new Set([row.locale, ...(row.localizations ?? []).map((entry) => entry.locale)].filter((code): code is string => Boolean(code)))],
  };
}
