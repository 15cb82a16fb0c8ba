import type { Core } from '@strapi/strapi';
import { cmsEnvAtStart } from '../src/env';
import { previewPath } from '../src/utils/preview-path';

const config = (): Core.Config.Admin => {
  const env = cmsEnvAtStart();
  // Where editors' browsers reach the site (npm start: http://localhost:3000).
  const siteUrl = env.SITE_URL.replace(/\/+$/, '');
  const previewSecret = env.PREVIEW_SECRET;
  return {
    auth: {
      secret: env.ADMIN_JWT_SECRET,
    },
    apiToken: {
      salt: env.API_TOKEN_SALT,
    },
    transfer: {
      token: {
        salt: env.TRANSFER_TOKEN_SALT,
      },
    },
    secrets: {
      encryptionKey: env.ENCRYPTION_KEY,
    },
    flags: {
      nps: false,
      promoteEE: false,
    },
    // Strapi's "Open preview" in the edit view: the site's page for the entry, showing the draft,
    // through the site's /_preview route and the secret both share (PREVIEW_SECRET).
    preview: {
      enabled: Boolean(previewSecret),
      config: {
        allowedOrigins: [siteUrl],
        async handler(uid: string, { documentId, locale }: { documentId?: string; locale?: string }) {
          // A draft in any locale (issue 38): the page of that locale.
          const i18n = (globalThis as { strapi?: Core.Strapi }).strapi?.plugin('i18n')?.service('locales') as { getDefaultLocale(): Promise<string> } | undefined;
          const source = (await i18n?.getDefaultLocale()) ?? locale ?? '';
          const path = previewPath(uid, documentId, { locale, source });
          if (!path || !previewSecret) return null;
          const params = new URLSearchParams({ secret: previewSecret, path });
          return `${siteUrl}/_preview?${params}`;
        },
      },
    },
  };
};

export default config;
