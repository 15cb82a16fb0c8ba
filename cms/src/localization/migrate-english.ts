import type { Core } from '@strapi/strapi';
import { blockTexts, hashOf, mapBlockTexts, sourceTexts, TRANSLATABLE } from './fields';

/** Where the studio's English of the retired "English text" collection waits between the schema sync and the move. */
const STASH = { type: 'core', name: 'studio', key: 'english-text-to-move' } as const;
/** Set once the move is done: a later start never moves anything again. */
const MOVED = { type: 'core', name: 'studio', key: 'english-text-moved' } as const;
const OLD_TABLE = 'translations';

/**
 * Before Strapi's schema sync (which drops the tables of content types that no longer exist):
 * keeps what the studio wrote in the retired "English text" collection (issue 38), one English per
 * exact Chinese text; the machine's entries are not kept (the fill makes them again).
 */
export async function keepStudioEnglish(strapi: Core.Strapi): Promise<number> {
  const db = strapi.db.connection;
  if (!(await db.schema.hasTable(OLD_TABLE))) return 0;
  if (await strapi.store(MOVED).get()) return 0;
  const rows = (await db(OLD_TABLE).select('source', 'english').whereNotNull('english')) as Array<{ source: string; english: string | null }>;
  const english = Object.fromEntries(rows.filter((row) => row.english?.trim()).map((row) => [row.source, row.english!.trim()]));
  await strapi.store(STASH).set({ value: english });
  strapi.log.info(`[locales] kept ${Object.keys(english).length} texts of the studio's English from "English text" for the en locale`);
  return Object.keys(english).length;
}

/**
 * Before the schema sync too: the studio's source language is the default locale, so that the
 * content types becoming localized put their existing entries in it (Strapi's i18n migration gives
 * them whatever the default is, and on a database of before issue 37 that was English).
 */
export async function sourceLocaleFirst(strapi: Core.Strapi, source: string): Promise<void> {
  const db = strapi.db.connection;
  if (!(await db.schema.hasTable('i18n_locale'))) return; // a new database: i18n makes it, and the bootstrap sets it
  const locales = strapi.db.query('plugin::i18n.locale');
  if (!(await locales.findOne({ where: { code: source } }))) await locales.create({ data: { code: source, name: source } });
  await strapi.store({ type: 'plugin', name: 'i18n', key: 'default_locale' }).set({ value: source });
}

type Documents = ReturnType<Core.Strapi['documents']>;

/**
 * After the start (the leader, once): each studio-written English becomes the en locale's text of
 * the field it belongs to, a locale the studio owns (the fill never overwrites it; its other fields
 * fall back to the source until the studio fills them in). Returns the documents moved.
 */
export async function moveStudioEnglish(strapi: Core.Strapi, source: string): Promise<number> {
  const stored = (await strapi.store(STASH).get()) as Record<string, string> | null;
  if (!stored) return 0;
  const english = new Map(Object.entries(stored));
  const docs = (uid: string): Documents => strapi.documents(uid as never) as unknown as Documents;
  let moved = 0;
  for (const type of TRANSLATABLE) {
    const entries = (await docs(type.uid).findMany({ locale: source, ...(type.drafts ? { status: 'published' } : {}) } as never)) as Array<Record<string, unknown> & { documentId: string }>;
    for (const entry of entries) {
      const data: Record<string, unknown> = {};
      for (const [field, kind] of Object.entries(type.fields)) {
        const value = entry[field];
        if (kind === 'text' && typeof value === 'string' && english.has(value)) data[field] = english.get(value);
        if (kind === 'blocks' && blockTexts(value).length > 0 && blockTexts(value).every((text) => english.has(text))) {
          data[field] = await mapBlockTexts(value, async (text) => english.get(text) ?? text);
        }
      }
      if (Object.keys(data).length === 0) continue;
      const existing = await docs(type.uid).findOne({ documentId: entry.documentId, locale: 'en' } as never);
      if (existing && (existing as { textBy?: string }).textBy === 'studio') continue; // the studio's English since: it wins
      await docs(type.uid).update({ documentId: entry.documentId, locale: 'en', data: { ...data, textBy: 'studio', sourceChanged: false, sourceHash: hashOf(sourceTexts(type, entry)) } } as never);
      if (type.drafts) await docs(type.uid).publish({ documentId: entry.documentId, locale: 'en' } as never);
      moved += 1;
    }
  }
  await strapi.store(STASH).delete({});
  await strapi.store(MOVED).set({ value: new Date().toISOString() });
  strapi.log.info(`[locales] moved the studio's English into the en locale of ${moved} entries`);
  return moved;
}
