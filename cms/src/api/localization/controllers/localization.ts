import type { Core } from '@strapi/strapi';
import { createBudget } from '../../../localization/budget';
import { createJobQueue } from '../../../localization/jobs';
import { localizationSettings } from '../../../localization/settings';
import { sameSecret } from '../../../utils/same-secret';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** GET /api/localization/status: `{ pending, failing, spent, limit }`, with the site's secret. */
  async status(ctx: { get(name: string): string; status: number; body: unknown }) {
    const authorization = ctx.get('authorization') ?? '';
    if (!sameSecret(authorization.replace(/^Bearer\s+/i, ''), process.env.SITE_WEBHOOK_SECRET)) {
      ctx.status = 401;
      ctx.body = { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or wrong site secret.', details: {} } };
      return;
    }
    const settings = localizationSettings();
    const db = strapi.db.connection;
    const [{ jobs, failing }, { spent, limit }] = await Promise.all([
      createJobQueue(db, { retryMs: settings.retryMs, maxRetryMs: settings.maxRetryMs }).pending(),
      createBudget(db, { dailyChars: settings.dailyChars }).spent(),
    ]);
    ctx.body = { data: { pending: jobs, failing, spent, limit } };
  },
});
