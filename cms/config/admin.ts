import type { Core } from '@strapi/strapi';
import { required } from '../src/utils/required-env';
import { previewPath } from '../src/utils/preview-path';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Admin => {
  // Where editors' browsers reach the site (npm start: http://localhost:3000).
  const siteUrl = env('SITE_URL', 'http://localhost:3000').replace(/\/+$/, '');
  const previewSecret = env('PREVIEW_SECRET');
  return {
    auth: {
      secret: required(env('ADMIN_JWT_SECRET'), 'ADMIN_JWT_SECRET'),
    },
    apiToken: {
      salt: required(env('API_TOKEN_SALT'), 'API_TOKEN_SALT'),
    },
    transfer: {
      token: {
        salt: required(env('TRANSFER_TOKEN_SALT'), 'TRANSFER_TOKEN_SALT'),
      },
    },
    secrets: {
      encryptionKey: required(env('ENCRYPTION_KEY'), 'ENCRYPTION_KEY'),
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
        async handler(uid: string, { documentId }: { documentId?: string }) {
          const path = previewPath(uid, documentId);
          if (!path || !previewSecret) return null;
          const params = new URLSearchParams({ secret: previewSecret, path });
          return `${siteUrl}/_preview?${params}`;
        },
      },
    },
  };
};

export default config;
