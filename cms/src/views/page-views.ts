import type { Core } from '@strapi/strapi';

type Knex = Core.Strapi['db']['connection'];

const TABLE = 'studio_page_views';
/** What the site counts views of (issue 39): the pages of projects and articles. */
export const VIEWED_TYPES = { project: 'api::project.project', article: 'api::article.article' } as const;
export type ViewedType = keyof typeof VIEWED_TYPES;

export interface ViewCount {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  type: ViewedType;
  documentId: string;
  locale: string;
  count: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DOCUMENT_ID = /^[A-Za-z0-9]{1,64}$/;
const LOCALE = /^[A-Za-z0-9-]{2,32}$/;

/** A batch from the site, checked: at most `max` rows, each a sane day, type, id, locale and count. */
export function parseViews(value: unknown, max = 5_000): ViewCount[] | null {
  if (!Array.isArray(value) || value.length > max) return null;
  const rows: ViewCount[] = [];
  for (const row of value) {
    if (typeof row !== 'object' || row === null) return null;
    const { day, type, documentId, locale, count } = row as Record<string, unknown>;
    if (typeof day !== 'string' || !DAY.test(day) || (type !== 'project' && type !== 'article')) return null;
    if (typeof documentId !== 'string' || !DOCUMENT_ID.test(documentId) || typeof locale !== 'string' || !LOCALE.test(locale)) return null;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1_000_000) return null;
    rows.push({ day, type, documentId, locale, count });
  }
  return rows;
}

export interface ViewSummary {
  /** The last `days` days, oldest first, each with its views (all pages, all languages). */
  days: Array<{ day: string; views: number }>;
  /** The most viewed projects and articles over those days. */
  top: Array<{ type: ViewedType; documentId: string; name: string; views: number }>;
}

/**
 * Views per page and day (issue 39): the site counts what browsers displayed and sends the counts
 * in batches; nothing about the visitor is kept, only how many. One row per day, page and
 * language, in the CMS's database.
 */
export function createPageViews(strapi: Core.Strapi) {
  const db = (): Knex => strapi.db.connection;
  let ready: Promise<void> | undefined;
  const table = () =>
    (ready ??= (async () => {
      if (await db().schema.hasTable(TABLE)) return;
      await db()
        .schema.createTable(TABLE, (columns) => {
          columns.string('day', 10).notNullable();
          columns.string('type', 16).notNullable();
          columns.string('document_id', 64).notNullable();
          columns.string('locale', 32).notNullable();
          columns.integer('views').notNullable().defaultTo(0);
          columns.primary(['day', 'type', 'document_id', 'locale']);
        })
        .catch(async (error: unknown) => {
          if (!(await db().schema.hasTable(TABLE))) throw error;
        });
    })());

  return {
    /**
     * Adds a batch; rows naming no published document of their type, or no locale of the studio,
     * are dropped (a made-up beacon costs nothing here: the table only grows with real pages).
     */
    async add(batch: readonly ViewCount[]): Promise<number> {
      if (batch.length === 0) return 0;
      await table();
      const locales = new Set(((await strapi.plugin('i18n').service('locales').find()) as Array<{ code: string }>).map((locale) => locale.code));
      const known = new Set<string>();
      for (const type of Object.keys(VIEWED_TYPES) as ViewedType[]) {
        const ids = [...new Set(batch.filter((row) => row.type === type).map((row) => row.documentId))];
        for (let at = 0; at < ids.length; at += 500) {
          const found = (await strapi.db.query(VIEWED_TYPES[type] as never).findMany({ where: { documentId: { $in: ids.slice(at, at + 500) }, publishedAt: { $notNull: true } }, select: ['documentId'] })) as Array<{ documentId: string }>;
          for (const row of found) known.add(`${type}:${row.documentId}`);
        }
      }
      const rows = batch.filter((row) => locales.has(row.locale) && known.has(`${row.type}:${row.documentId}`));
      for (let at = 0; at < rows.length; at += 200) {
        await db()(TABLE)
          .insert(rows.slice(at, at + 200).map((row) => ({ day: row.day, type: row.type, document_id: row.documentId, locale: row.locale, views: row.count })))
          .onConflict(['day', 'type', 'document_id', 'locale'])
          .merge({ views: db().raw('?? + excluded.views', [`${TABLE}.views`]) });
      }
      return rows.length;
    },

    async summary({ days = 30, top = 10, today = new Date() } = {}): Promise<ViewSummary> {
      await table();
      const dayOf = (offset: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - offset)).toISOString().slice(0, 10);
      const first = dayOf(days - 1);
      const perDay = (await db()(TABLE).select('day').sum({ views: 'views' }).where('day', '>=', first).groupBy('day')) as Array<{ day: string; views: number | string }>;
      const byDay = new Map(perDay.map((row) => [row.day, Number(row.views)]));
      const pages = (await db()(TABLE)
        .select('type', 'document_id')
        .sum({ views: 'views' })
        .where('day', '>=', first)
        .groupBy('type', 'document_id')
        .orderBy([{ column: 'views', order: 'desc' }, { column: 'document_id', order: 'asc' }])
        .limit(top)) as Array<{ type: ViewedType; document_id: string; views: number | string }>;
      const source = (await strapi.plugin('i18n').service('locales').getDefaultLocale()) as string;
      const names = new Map<string, string>();
      for (const type of Object.keys(VIEWED_TYPES) as ViewedType[]) {
        const ids = pages.filter((page) => page.type === type).map((page) => page.document_id);
        if (ids.length === 0) continue;
        const field = type === 'project' ? 'projectName' : 'articleName';
        const rows = (await strapi.db.query(VIEWED_TYPES[type] as never).findMany({ where: { documentId: { $in: ids }, locale: source }, select: ['documentId', field] })) as Array<Record<string, string>>;
        for (const row of rows) names.set(`${type}:${row.documentId}`, row[field]!);
      }
      return {
        days: Array.from({ length: days }, (_, index) => dayOf(days - 1 - index)).map((day) => ({ day, views: byDay.get(day) ?? 0 })),
        // Work since deleted is left out (its views stay counted per day).
        top: pages.flatMap((page) => {
          const name = names.get(`${page.type}:${page.document_id}`);
          return name ? [{ type: page.type, documentId: page.document_id, name, views: Number(page.views) }] : [];
        }),
      };
    },
  };
}

export type PageViews = ReturnType<typeof createPageViews>;
