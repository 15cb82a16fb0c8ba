import { factories } from '@strapi/strapi';
import { sameSecret } from '../../../utils/same-secret';
import { wholeListMeta } from '../../../utils/whole-list';

const MAX_ITEMS = 300;
const MAX_SOURCE = 5_000;
/**
 * The most entries the collection holds. The site reports only texts its pages show (a finite set,
 * issue 25), so this is a second line: past it new texts are not recorded (their machine English
 * still shows on the site) and the CMS log says so. The site downloads the whole list for lookups.
 */
const maxEntries = () => Number(process.env.CMS_TRANSLATION_MAX_ENTRIES ?? 20_000);

interface Reported {
  source: string;
  machine: string;
}

const isReported = (value: unknown): value is Reported =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Reported).source === 'string' &&
  typeof (value as Reported).machine === 'string' &&
  (value as Reported).source.length > 0 &&
  (value as Reported).source.length <= MAX_SOURCE &&
  (value as Reported).machine.length <= MAX_SOURCE * 4;

export default factories.createCoreController('api::translation.translation', ({ strapi }) => ({
  async find(ctx) {
    const response = await super.find(ctx);
    const data = Array.isArray(response?.data) ? response.data : [];
    return { ...response, meta: { ...response?.meta, pagination: wholeListMeta(response?.meta?.pagination, data.length) } };
  },

  /**
   * POST /api/translations/report {"items": [{"source", "machine"}]}: machine translations the site
   * made. New texts get an entry (the studio's English empty: the machine's is used); a changed
   * machine translation is updated; the studio's own English is never touched.
   */
  async report(ctx) {
    const authorization = ctx.get('authorization') ?? '';
    if (!sameSecret(authorization.replace(/^Bearer\s+/i, ''), process.env.SITE_WEBHOOK_SECRET)) {
      ctx.status = 401;
      ctx.body = { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or wrong site secret.', details: {} } };
      return;
    }
    const items = (ctx.request.body as { items?: unknown } | undefined)?.items;
    if (!Array.isArray(items) || items.length > MAX_ITEMS || !items.every(isReported)) {
      ctx.status = 400;
      ctx.body = { data: null, error: { status: 400, name: 'ValidationError', message: `items: 1 to ${MAX_ITEMS} {source, machine} texts`, details: {} } };
      return;
    }
    const documents = strapi.documents('api::translation.translation');
    let room = maxEntries() - (await documents.count({}));
    let created = 0;
    let updated = 0;
    let skipped = 0;
    for (const { source, machine } of items) {
      const [existing] = await documents.findMany({ filters: { source: { $eq: source } }, fields: ['machine'], limit: 1 });
      if (!existing && room <= 0) {
        skipped += 1;
      } else if (!existing) {
        await documents.create({ data: { source, machine } });
        created += 1;
        room -= 1;
      } else if (existing.machine !== machine) {
        // Typed by the generated types once built; a plain field update either way.
        await documents.update({ documentId: existing.documentId, data: { machine } as never });
        updated += 1;
      }
    }
    if (skipped > 0) strapi.log.warn(`[translations] the list holds ${maxEntries()} texts (CMS_TRANSLATION_MAX_ENTRIES): ${skipped} new ones not recorded`);
    ctx.body = { created, updated, skipped };
  },
}));
