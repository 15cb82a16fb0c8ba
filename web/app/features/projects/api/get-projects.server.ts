import { z } from 'zod';
import { inLocale, type CallOptions } from '~/lib/content/content-api';
import { MEDIA_FIELDS, mediaSchema, toMedia } from '~/lib/media/media-schema.server';
import { ALL_CATEGORY } from '~/lib/content/category';
import { coverImage } from '~/lib/media/media';
import type { ProjectSummary } from './project-types';

/** A project as the grid has it; the full project (get-project) extends it. */
export const projectSummarySchema = z.object({
  documentId: z.string(),
  projectName: z.string(),
  author: z.string().nullish(),
  flextype: z.string().nullish(),
  images: z.array(mediaSchema).nullish(),
});

/** Spec 7: GET /api/projects, images (url, ext), projectName/author/flextype, by name, filtered by category. */
export function projectsQuery(designType?: string) {
  return {
    populate: { images: { fields: [...MEDIA_FIELDS] } },
    fields: ['projectName', 'author', 'flextype'],
    sort: ['projectName:asc'],
    ...(designType && designType !== ALL_CATEGORY.designType
      ? { filters: { category: { designType: { $eq: designType } } } }
      : {}),
  };
}

export async function getProjects(designType: string | undefined, { client, signal, locale }: CallOptions): Promise<ProjectSummary[]> {
  const rows = await client.get({
    signal,
    call: 'GET /api/projects',
    path: '/api/projects',
    query: inLocale(projectsQuery(designType), locale),
    schema: z.array(projectSummarySchema),
  });
  return rows.map((row) => ({
    documentId: row.documentId,
    name: row.projectName,
    author: row.author ?? '',
    tall: !row.flextype,
    cover: coverImage((row.images ?? []).map((image) => toMedia(image, client.config, row.projectName))) ?? null,
  }));
}

/** The order of the list under a filter (for previous/next on a detail page): ids only. */
export async function getProjectOrder(designType: string | undefined, { client, signal, locale }: CallOptions): Promise<string[]> {
  const { populate: _images, ...query } = projectsQuery(designType);
  const rows = await client.get({
    signal,
    call: 'GET /api/projects (order)',
    path: '/api/projects',
    query: inLocale({ ...query, fields: ['projectName'] }, locale),
    schema: z.array(z.object({ documentId: z.string() })),
  });
  return rows.map((row) => row.documentId);
}
