import type { Core } from '@strapi/strapi';
import { publicActionNames } from './content-types';

const ROLE = 'plugin::users-permissions.role';
const PERMISSION = 'plugin::users-permissions.permission';

/**
 * Makes the anonymous ("public") role exactly read-only on the studio's content, at every start.
 * Anything else the role holds (sign-up, login, password reset, uploads, writes added by hand in
 * the admin) is removed: the site has no accounts and nothing a visitor may change.
 */
export async function grantPublicReadAccess(strapi: Core.Strapi): Promise<void> {
  const role = await strapi.db.query(ROLE).findOne({ where: { type: 'public' } });
  if (!role) {
    throw new Error('The users-permissions public role is missing; cannot set public permissions.');
  }
  const wanted = new Set(publicActionNames());
  const held: Array<{ id: number; action: string }> = await strapi.db
    .query(PERMISSION)
    .findMany({ where: { role: role.id }, select: ['id', 'action'] });

  const extra = held.filter((permission) => !wanted.has(permission.action));
  if (extra.length > 0) {
    await strapi.db.query(PERMISSION).deleteMany({ where: { id: { $in: extra.map((p) => p.id) } } });
  }
  const present = new Set(held.map((permission) => permission.action));
  for (const action of wanted) {
    if (!present.has(action)) {
      await strapi.db.query(PERMISSION).create({ data: { action, role: role.id } });
    }
  }

  // Registration would let anyone create a user account even without the permission row.
  const store = strapi.store({ type: 'plugin', name: 'users-permissions', key: 'advanced' });
  const advanced = (await store.get()) as Record<string, unknown> | null;
  if (advanced && advanced.allow_register !== false) {
    await store.set({ value: { ...advanced, allow_register: false } });
  }
}
