import { z } from 'zod';
import type { CallOptions } from '../content/content-api';

const uiTextsSchema = z.array(z.object({ key: z.string(), text: z.string().nullish() }));

/**
 * GET /api/ui-texts?locale= (issue 38): the site's own words in a locale it does not write itself,
 * as the CMS's fill translated them from the English (and the studio corrected them), by key.
 */
export async function getUiTexts({ client, signal }: CallOptions, locale: string): Promise<Record<string, string>> {
  const rows = await client.get({
    signal,
    call: 'GET /api/ui-texts',
    path: '/api/ui-texts',
    query: { locale, fields: ['key', 'text'] },
    schema: uiTextsSchema,
    retried: true,
  });
  return Object.fromEntries(rows.flatMap((row) => (row.text?.trim() ? [[row.key, row.text]] : [])));
}
