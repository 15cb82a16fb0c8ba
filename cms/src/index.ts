import type { Core } from '@strapi/strapi';
import { applyEditorLabels } from './bootstrap/editor-labels';
import { ensureFirstAdmin } from './bootstrap/first-admin';
import { grantPublicReadAccess } from './bootstrap/public-permissions';
import { seedIfEmpty } from './bootstrap/seed/seed';
import { syncSiteWebhook } from './bootstrap/site-webhook';

export default {
  register() {},

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await grantPublicReadAccess(strapi);
    await ensureFirstAdmin(strapi);
    await applyEditorLabels(strapi);
    if (process.env.CMS_SEED !== 'false') {
      await seedIfEmpty(strapi);
    }
    await syncSiteWebhook(strapi);
  },
};
