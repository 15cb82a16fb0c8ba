import type { LocalizationSettings } from './localization';

/**
 * The fill's settings from the environment (docs/configuration.md): the provider and the address
 * it may write to, its daily budget, the back-off, and where the site hears of locale changes.
 */
export function localizationSettings(env: NodeJS.ProcessEnv = process.env): LocalizationSettings {
  return {
    providerUrl: env.TRANSLATE_URL || 'https://api.mymemory.translated.net',
    email: env.TRANSLATE_EMAIL || undefined,
    dailyChars: Number(env.TRANSLATE_DAILY_CHARS || 40_000),
    retryMs: Number(env.CMS_FILL_RETRY_MS || 5_000),
    maxRetryMs: Number(env.CMS_FILL_MAX_RETRY_MS || 10 * 60_000),
    intervalMs: Number(env.CMS_FILL_INTERVAL_MS || 1_000),
    site: env.SITE_WEBHOOK_URL && env.SITE_WEBHOOK_SECRET ? { url: env.SITE_WEBHOOK_URL, secret: env.SITE_WEBHOOK_SECRET } : undefined,
  };
}
