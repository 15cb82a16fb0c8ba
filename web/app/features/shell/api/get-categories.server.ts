import { z } from 'zod';
import type { CallOptions } from '../../../lib/content/content-client.server';
import { ALL_CATEGORY, type Category } from '../../../lib/category';

const categorySchema = z.object({ designType: z.string(), icontype: z.string().nullish() });

/** Spec 7: GET /api/categories (retried); ALL is put first. */
export async function getCategories({ client, signal }: CallOptions): Promise<Category[]> {
  const rows = await client.get({
    signal,
    call: 'GET /api/categories',
    path: '/api/categories',
    schema: z.array(categorySchema),
    retried: true,
  });
  return [ALL_CATEGORY, ...rows.map((row) => ({ designType: row.designType, icontype: row.icontype ?? '' }))];
}
