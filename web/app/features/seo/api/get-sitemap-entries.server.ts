import { z } from 'zod';
import { inLocale, type CallOptions } from '~/lib/content/content-api';

export interface SitemapEntry {
  documentId: string;
  updatedAt: string | null;
}

const entrySchema = z.array(z.object({ documentId: z.string(), updatedAt: z.string().nullish() }));
const toEntries = (rows: z.infer<typeof entrySchema>): SitemapEntry[] => rows.map((row) => ({ documentId: row.documentId, updatedAt: row.updatedAt ?? null }));

/** Every published project and article with when it last changed (ids and dates only). */
export async function getSitemapEntries({ client, signal, locale }: CallOptions) {
  const [projects, articles, profiles] = await Promise.all([
    client.get({ signal, call: 'GET /api/projects (sitemap)', path: '/api/projects', query: inLocale({ fields: ['updatedAt'], sort: ['projectName:asc'] }, locale), schema: entrySchema }),
    client.get({ signal, call: 'GET /api/articles (sitemap)', path: '/api/articles', query: inLocale({ fields: ['updatedAt'] }, locale), schema: entrySchema }),
    client.get({ signal, call: 'GET /api/profilelists (sitemap)', path: '/api/profilelists', query: inLocale({ fields: ['updatedAt'] }, locale), schema: entrySchema }),
  ]);
  return { projects: toEntries(projects), articles: toEntries(articles), profiles: toEntries(profiles) };
}
