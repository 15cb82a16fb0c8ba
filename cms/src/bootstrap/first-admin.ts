import type { Core } from '@strapi/strapi';

/**
 * Unattended installs create the first admin from CMS_ADMIN_EMAIL / CMS_ADMIN_PASSWORD;
 * without them Strapi shows its first-run registration screen as usual.
 */
export async function ensureFirstAdmin(strapi: Core.Strapi): Promise<void> {
  const email = process.env.CMS_ADMIN_EMAIL;
  const password = process.env.CMS_ADMIN_PASSWORD;
  if (!email || !password) return;

  const users = strapi.service('admin::user');
  if (await users.exists()) return;

  await users.createFirstAdmin({
    email: email.toLowerCase(),
    password,
    firstname: process.env.CMS_ADMIN_FIRSTNAME ?? 'Studio',
    lastname: process.env.CMS_ADMIN_LASTNAME ?? 'Admin',
  });
  strapi.log.info(`Created the first admin account for ${email}.`);
}
