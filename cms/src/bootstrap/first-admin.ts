import type { Core } from '@strapi/strapi';
import { cmsEnv, type CmsEnv } from '../env';

/**
 * Unattended installs create the first admin from CMS_ADMIN_EMAIL / CMS_ADMIN_PASSWORD;
 * without them Strapi shows its first-run registration screen as usual.
 */
export async function ensureFirstAdmin(strapi: Core.Strapi, env: CmsEnv = cmsEnv()): Promise<void> {
  const email = env.CMS_ADMIN_EMAIL;
  const password = env.CMS_ADMIN_PASSWORD;
  if (!email || !password) return;

  const users = strapi.service('admin::user');
  if (await users.exists()) return;

  await users.createFirstAdmin({
    email: email.toLowerCase(),
    password,
    firstname: env.CMS_ADMIN_FIRSTNAME,
    lastname: env.CMS_ADMIN_LASTNAME,
  });
  strapi.log.info(`Created the first admin account for ${email}.`);
}
