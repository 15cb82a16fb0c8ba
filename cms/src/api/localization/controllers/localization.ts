import type { Core } from '@strapi/strapi';
import { createBudget } from '../../../localization/budget';
import { createJobQueue } from '../../../localization/jobs';
import { localizationSettings } from '../../../localization/settings';
import { fromSite } from '../../../utils/site-secret';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** GET /api/localization/status: `{ pending, failing, spent, limit }`, with the site's secret. */
  async status(ctx: { get(name: string): string; status: number; body: unknown }) {
    if (!fromSite(ctx)) return;
    const settings = localizationSettings();
    const db = strapi.db.connection;
    const [{ jobs, failing }, { spent, limit }] = await Promise.all([
      createJobQueue(db, { retryMs: settings.retryMs, maxRetryMs: settings.maxRetryMs }).pending(),
      createBudget(db, { dailyChars: settings.dailyChars }).spent(),
    ]);
    ctx.body = { data: { pending: jobs, failing, spent, limit } };
  },
});
