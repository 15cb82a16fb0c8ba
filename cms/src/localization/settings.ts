import { cmsEnv, type CmsEnv } from '../env';
import type { LocalizationSettings } from './localization';

/**
 * The fill's settings from the environment (docs/configuration.md): the provider and the address
 * it may write to, its daily budget, the back-off, and where the site hears of locale changes.
 */
export function localizationSettings(env: CmsEnv = cmsEnv()): LocalizationSettings {
  return {
    providerUrl: env.TRANSLATE_URL,
    email: env.TRANSLATE_EMAIL,
    dailyChars: env.TRANSLATE_DAILY_CHARS,
    retryMs: env.CMS_FILL_RETRY_MS,
    maxRetryMs: env.CMS_FILL_MAX_RETRY_MS,
    intervalMs: env.CMS_FILL_INTERVAL_MS,
    site: env.SITE_WEBHOOK_URL && env.SITE_WEBHOOK_SECRET ? { url: env.SITE_WEBHOOK_URL, secret: env.SITE_WEBHOOK_SECRET } : undefined,
  };
}
