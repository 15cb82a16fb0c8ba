import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { cmsEnvAtStart } from '../src/env';

/**
 * The public folder, with its `uploads` made when missing: Strapi's local upload provider refuses
 * to start without it, and a server's fresh state folder (deploy/studio-cms.service) has none.
 */
function publicDir(dir: string): string {
  try {
    fs.mkdirSync(path.resolve(dir, 'uploads'), { recursive: true });
  } catch {
    // Read-only (the media are in a bucket): the provider says what it needs.
  }
  return dir;
}

const config = (): Core.Config.Server => {
  const env = cmsEnvAtStart();
  return {
    host: env.CMS_HOST,
    // CMS_PORT, not PORT: the site and the CMS run side by side and PORT belongs to the site.
    port: env.CMS_PORT,
    app: {
      keys: [...env.APP_KEYS],
    },
    // Behind a reverse proxy: the visitor's address from X-Forwarded-For (sign-in limits, first admin).
    proxy: { koa: env.CMS_TRUST_PROXY },
    dirs: {
      // Tests point this at a temporary folder so their uploads never mix with the studio's.
      public: publicDir(env.CMS_PUBLIC_DIR),
    },
    logger: {
      updates: { enabled: false },
      startup: { enabled: env.CMS_STARTUP_BANNER },
    },
  };
};

export default config;
