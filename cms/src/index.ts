import type { Core } from '@strapi/strapi';
import { applyEditorLabels } from './bootstrap/editor-labels';
import { ensureFirstAdmin } from './bootstrap/first-admin';
import { waitForTurn, type Leadership, type Turn } from './bootstrap/leader';
import { fillMissingPlaceholders, makePlaceholdersOnUpload } from './bootstrap/placeholders';
import { grantPublicReadAccess } from './bootstrap/public-permissions';
import { ensureLocales } from './bootstrap/locales';
import { applyMediaDefaults } from './bootstrap/media-settings';
import { checkStudioLogo } from './bootstrap/studio-logo';
import { countContent, seedIfEmpty } from './bootstrap/seed/seed';
import { loadStoredWebhooks, syncSiteWebhook } from './bootstrap/site-webhook';
import { cmsEnv } from './env';
import { createLocalization, type Localization } from './localization/localization';
import { keepStudioEnglish, moveStudioEnglish, sourceLocaleFirst } from './localization/migrate-english';
import { localizationSettings } from './localization/settings';
import { leadPrivacy, privacyOf, registerPrivacy, subscribePrivacy } from './privacy/privacy';
import { registerViewRoutes } from './views/admin-routes';

let turn: Turn | undefined;
let leadership: Leadership | undefined;
let localization: Localization | undefined;

/** The studio's source language (issue 38): the default locale, set by configuration. */
const sourceLocale = () => cmsEnv().CMS_DEFAULT_LOCALE;

export default {
  async register({ strapi }: { strapi: Core.Strapi }) {
    makePlaceholdersOnUpload(strapi);
    // A logo the site cannot make icons from is refused when the studio is saved (issue 37).
    checkStudioLogo(strapi);
    // Content in every locale (issue 38): an editor's save in a locale makes it the studio's; a
    // publish of the source asks the leader to fill the others.
    localization = createLocalization(strapi, localizationSettings());
    localization.register();
    // Private work and share links (issue 39): tokens on create, the storage kept in line with what
    // is private; the admin's widget of views reads its own route.
    registerPrivacy(strapi);
    registerViewRoutes(strapi);
    // Before Strapi's schema sync: the source language is the default locale (the content types
    // becoming localized put their entries in it), and the studio's English of the retired
    // "English text" collection is kept before its table goes.
    strapi.hook('strapi::content-types.beforeSync').register(async () => {
      await sourceLocaleFirst(strapi, sourceLocale());
      await keepStudioEnglish(strapi);
    });
    // Several instances on one database start one at a time, and one of them leads: it alone
    // syncs at start and runs the scheduled jobs (src/bootstrap/leader.ts). Taken here, before
    // Strapi's own schema sync, which two instances must not run at once.
    turn = await waitForTurn(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    // Headers within 10 s, as the site (web/server/http-server.ts), checked every second: Node
    // checks every 30 s by default, so a slow client held a connection for up to 24 s (issue 36).
    // Set before the server listens, when Node starts that check. Whole requests keep Node's
    // 300 s: an editor's upload of up to 200 MB needs them.
    const httpServer: { headersTimeout: number; connectionsCheckingInterval?: number } = strapi.server.httpServer;
    httpServer.headersTimeout = 10_000;
    // Read by Node when the server starts listening (typed only as a createServer option).
    httpServer.connectionsCheckingInterval = 1_000;
    // `npm run restore` loads a backup only into an empty database (unless told --replace).
    if (cmsEnv().CMS_RESTORE_EMPTY_ONLY && (await countContent(strapi)) > 0) {
      throw new Error('This database already holds a studio: restore into an empty database, or pass --replace to overwrite it.');
    }
    localization!.subscribe();
    subscribePrivacy(strapi);
    if (turn!.leader) {
      await ensureLocales(strapi, sourceLocale());
      await moveStudioEnglish(strapi, sourceLocale());
      await grantPublicReadAccess(strapi);
      await ensureFirstAdmin(strapi);
      await applyEditorLabels(strapi);
      // Before the demo's uploads: kept as uploaded, without copies the site does not use.
      await applyMediaDefaults(strapi);
      if (cmsEnv().CMS_SEED) {
        await seedIfEmpty(strapi);
      }
      await syncSiteWebhook(strapi);
    } else {
      // What the leader stored may be newer than what Strapi read as this instance booted.
      await loadStoredWebhooks(strapi);
    }
    leadership = turn!.done({ retryMs: cmsEnv().CMS_LEADER_RETRY_MS });
    // Pictures without a placeholder (uploaded before placeholders existed, or while the storage
    // was unreachable) get theirs now and then every hour, on the leader only.
    const placeholders = async () => {
      await fillMissingPlaceholders(strapi);
    };
    leadership.whenLeader(async () => {
      // Entries from before visibility existed are public; the storage matches what is private now.
      await leadPrivacy(strapi);
      await placeholders();
      strapi.cron.add({ fillMissingPlaceholders: { task: placeholders, options: { rule: '17 * * * *' } } });
    });
    // The fill runs on the leader only: every locale asked for again, then what is due.
    const led = leadership;
    led.whenLeader(async () => localization!.lead(() => led.isLeader));
  },

  async destroy({ strapi }: { strapi: Core.Strapi }) {
    localization?.stop();
    privacyOf(strapi).media.stop();
    await leadership?.stop();
  },
};
