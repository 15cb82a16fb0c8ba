import type { Core } from '@strapi/strapi';
import { applyEditorLabels } from './bootstrap/editor-labels';
import { ensureFirstAdmin } from './bootstrap/first-admin';
import { fillMissingPlaceholders, makePlaceholdersOnUpload } from './bootstrap/placeholders';
import { grantPublicReadAccess } from './bootstrap/public-permissions';
import { seedIfEmpty } from './bootstrap/seed/seed';
import { syncSiteWebhook } from './bootstrap/site-webhook';

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    makePlaceholdersOnUpload(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    // Headers within 20 s (Node's default: 60 s). Whole requests keep Node's 300 s: an editor's
    // upload of up to 200 MB needs them; the CMS is not on the public internet (docs/operations.md).
    strapi.server.httpServer.headersTimeout = 20_000;
    await grantPublicReadAccess(strapi);
    await ensureFirstAdmin(strapi);
    await applyEditorLabels(strapi);
    if (process.env.CMS_SEED !== 'false') {
      await seedIfEmpty(strapi);
    }
    await syncSiteWebhook(strapi);
    void fillMissingPlaceholders(strapi).catch((error: unknown) => strapi.log.warn(`[placeholders] ${String(error)}`));
  },
};
