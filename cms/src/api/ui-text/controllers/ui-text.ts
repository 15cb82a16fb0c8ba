import { factories } from '@strapi/strapi';
import { fromSite } from '../../../utils/site-secret';
import { DEFAULT_SORT, wholeListMeta } from '../../../utils/whole-list';

const UID = 'api::ui-text.ui-text';
const MAX_KEYS = 400;
const isDictionary = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  Object.keys(value).length <= MAX_KEYS &&
  Object.entries(value).every(([key, text]) => /^[A-Za-z0-9_.-]{1,80}$/.test(key) && typeof text === 'string' && text.length <= 500);

export default factories.createCoreController(UID, ({ strapi }) => ({
  // The site reads a locale's whole list at once (one cached call per page language).
  async find(ctx) {
    if (ctx.query.sort === undefined) ctx.query = { ...ctx.query, sort: DEFAULT_SORT };
    const response = await super.find(ctx);
    const data = Array.isArray(response?.data) ? response.data : [];
    return { ...response, meta: { ...response?.meta, pagination: wholeListMeta(response?.meta?.pagination, data.length) } };
  },

  /**
   * POST /api/ui-texts/sync {"texts": {"en": {key: text}, "zh-Hans": {key: text}}}: the site's
   * interface in the languages it writes itself. Each key's English is the source the fill puts into
   * the other locales; a text the site changed is updated (and the others filled again).
   */
  async sync(ctx) {
    if (!fromSite(ctx)) return;
    const texts = (ctx.request.body as { texts?: unknown } | undefined)?.texts;
    if (typeof texts !== 'object' || texts === null || !Object.values(texts).every(isDictionary) || !isDictionary((texts as Record<string, unknown>).en)) {
      ctx.status = 400;
      ctx.body = { data: null, error: { status: 400, name: 'ValidationError', message: `texts: {"en": {key: text}, …}, at most ${MAX_KEYS} keys of 500 characters`, details: {} } };
      return;
    }
    const locales = new Set(((await strapi.plugin('i18n').service('locales').find()) as Array<{ code: string }>).map((locale) => locale.code));
    const documents = strapi.documents(UID);
    let written = 0;
    for (const [key, english] of Object.entries((texts as Record<string, Record<string, string>>).en)) {
      const existing = (await strapi.db.query(UID).findOne({ where: { key }, select: ['documentId'] })) as { documentId?: string } | null;
      const fresh: Record<string, unknown> = { key, text: english };
      const documentId = existing?.documentId ?? (await documents.create({ locale: 'en', data: fresh })).documentId;
      for (const [locale, dictionary] of Object.entries(texts as Record<string, Record<string, string>>)) {
        const text = dictionary[key];
        if (text === undefined || !locales.has(locale)) continue;
        const current = (await documents.findOne({ documentId, locale, fields: ['text'] })) as { text?: string | null } | null;
        if (current?.text === text) continue;
        // The site's own words: written by the studio that ships them, never the machine's.
        const data: Record<string, unknown> = { key, text, textBy: 'studio' };
        await documents.update({ documentId, locale, data });
        written += 1;
      }
    }
    ctx.body = { data: { written } };
  },
}));
