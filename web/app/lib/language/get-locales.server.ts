import { z } from 'zod';
import type { CallOptions } from '../content/content-api';
import { languageName, type SiteLocales } from './language';

const localesSchema = z.array(z.object({ code: z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/), isDefault: z.boolean().nullish() }));

/**
 * GET /api/i18n/locales (issue 38): the studio's locales, as it set them in the admin (Settings →
 * Internationalization). The default is the source language, at the spec's addresses; the others
 * in the order the studio added them. Cached like any content: a locale added shows within the
 * content TTL, at once when the CMS tells the site.
 */
export async function getLocales({ client, signal }: CallOptions): Promise<SiteLocales> {
  const rows = await client.get({ signal, call: 'GET /api/i18n/locales', path: '/api/i18n/locales', schema: localesSchema, bare: true, retried: true });
  const source = rows.find((row) => row.isDefault)?.code ?? rows[0]?.code;
  if (!source) throw new Error('GET /api/i18n/locales: the studio has no locale');
  return withNames({ source, others: rows.map((row) => row.code).filter((code) => code !== source) });
}

/**
 * `locales` with each one's own name (`SiteLocales.names`): named on the server, where Node's ICU
 * is loaded once per process, rather than in each visitor's browser during hydration.
 */
export function withNames(locales: SiteLocales): SiteLocales {
  const all = [locales.source, ...locales.others];
  return { ...locales, names: Object.fromEntries(all.map((code) => [code, locales.names?.[code] ?? languageName(code)])) };
}
