import type { Core } from '@strapi/strapi';
import { privacyOf } from '../../../privacy/privacy';
import { HASH_PATTERN } from '../../../privacy/share-tokens';
import { fromSite } from '../../../utils/site-secret';
import { parseViews } from '../../../views/page-views';

interface Context {
  get(name: string): string;
  request: { body?: unknown };
  status: number;
  body: unknown;
}

const MAX_OPENS = 1_000;

/** `[{ hash, count, at }]`, at most MAX_OPENS, each a token hash, a count and a time; else null. */
function parseOpens(value: unknown): Array<{ hash: string; count: number; at: string }> | null {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_OPENS) return null;
  const rows: Array<{ hash: string; count: number; at: string }> = [];
  for (const row of value) {
    const { hash, count, at } = (row ?? {}) as Record<string, unknown>;
    if (typeof hash !== 'string' || !HASH_PATTERN.test(hash) || typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1_000_000) return null;
    if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) return null;
    rows.push({ hash, count, at });
  }
  return rows;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** POST /api/page-views `{ views: [{ day, type, documentId, locale, count }], opens: [{ hash, count, at }] }`. */
  async add(ctx: Context) {
    if (!fromSite(ctx)) return;
    const body = (ctx.request.body ?? {}) as { views?: unknown; opens?: unknown };
    const views = parseViews(body.views ?? []);
    const opens = parseOpens(body.opens);
    if (!views || !opens) {
      ctx.status = 400;
      ctx.body = { data: null, error: { status: 400, name: 'ValidationError', message: 'views: [{ day, type, documentId, locale, count }], opens: [{ hash, count, at }]', details: {} } };
      return;
    }
    const { views: counts, links } = privacyOf(strapi);
    const counted = await counts.add(views);
    await links.countOpens(opens);
    ctx.body = { data: { views: counted, opens: opens.length } };
  },
});
