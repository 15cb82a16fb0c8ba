import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { required } from '../src/utils/required-env';

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

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Server => ({
  host: env('CMS_HOST', '127.0.0.1'),
  // CMS_PORT, not PORT: the site and the CMS run side by side and PORT belongs to the site.
  port: env.int('CMS_PORT', 1337),
  app: {
    keys: required(env.array('APP_KEYS'), 'APP_KEYS'),
  },
  // Behind a reverse proxy: the visitor's address from X-Forwarded-For (sign-in limits, first admin).
  proxy: { koa: env.bool('CMS_TRUST_PROXY', false) },
  dirs: {
    // Tests point this at a temporary folder so their uploads never mix with the studio's.
    public: publicDir(env('CMS_PUBLIC_DIR', './public')),
  },
  logger: {
    updates: { enabled: false },
    startup: { enabled: env.bool('CMS_STARTUP_BANNER', true) },
  },
});

export default config;
