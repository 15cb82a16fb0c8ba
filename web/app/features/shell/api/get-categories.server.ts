import { z } from 'zod';
import { inLocale, type CallOptions } from '~/lib/content/content-api';
import { ALL_CATEGORY, type Category } from '~/lib/content/category';

const categorySchema = z.object({ documentId: z.string(), designType: z.string(), icontype: z.string().nullish() });

/** Spec 7: GET /api/categories (retried); ALL is put first. */
export async function getCategories({ client, signal, locale }: CallOptions): Promise<Category[]> {
  const rows = await client.get({
    signal,
    call: 'GET /api/categories',
    path: '/api/categories',
    query: inLocale({}, locale),
    schema: z.array(categorySchema),
    retried: true,
  });
  return [ALL_CATEGORY, ...rows.map((row) => ({ documentId: row.documentId, designType: row.designType, icontype: row.icontype ?? '' }))];
}
