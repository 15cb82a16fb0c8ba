import { z } from 'zod';
import { contentClient, type CallOptions } from '../../../lib/content-client.server';
import { MEDIA_FIELDS, mediaSchema, toMedia } from '../../../lib/media-schema.server';
import type { Project } from './project-types';

const projectSchema = z.object({
  documentId: z.string(),
  projectName: z.string(),
  author: z.string().nullish(),
  flextype: z.string().nullish(),
  addTime: z.string().nullish(),
  description: z.string().nullish(),
  images: z.array(mediaSchema).nullish(),
});

/** Spec 7: GET /api/projects/{documentId} with images (url, ext). */
export const projectQuery = () => ({ populate: { images: { fields: [...MEDIA_FIELDS] } } });

export async function getProject(documentId: string, { client = contentClient(), signal }: CallOptions = {}): Promise<Project> {
  const row = await client.get({
    signal,
    call: 'GET /api/projects/{documentId}',
    path: `/api/projects/${encodeURIComponent(documentId)}`,
    query: projectQuery(),
    schema: projectSchema,
  });
  return {
    documentId: row.documentId,
    name: row.projectName,
    author: row.author ?? '',
    tall: !row.flextype,
    addTime: row.addTime ?? null,
    description: row.description ?? '',
    media: (row.images ?? []).map((image) => toMedia(image, client.config.baseUrl, row.projectName)),
  };
}
