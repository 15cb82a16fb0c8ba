import type { Core } from '@strapi/strapi';

/**
 * The Media Library settings a studio starts with (Settings → Media Library), where Strapi's own
 * defaults serve this site badly (decision 025):
 * - `sizeOptimization` re-encodes every uploaded JPEG, PNG or WebP at quality 80 before keeping
 *   it: the studio's master, from which the site's image endpoint makes every picture a visitor
 *   gets, would lose quality twice. Off: an upload is kept as it was uploaded, byte for byte.
 * - `responsiveDimensions` keeps a small, medium and large copy of every picture. The site makes
 *   its own widths of every picture it can resize (decision 005) and reads Strapi's copies only
 *   of those it cannot (a GIF): the copies were 40% of the demo's storage and backups, and of the
 *   time an upload takes. Off; the admin's thumbnail is still made.
 */
export const MEDIA_DEFAULTS = { sizeOptimization: false, responsiveDimensions: false } as const;

interface Store {
  get(params?: object): Promise<unknown>;
  set(params: { value: unknown }): Promise<void>;
}

const store = (strapi: Core.Strapi, key: string) => strapi.store({ type: 'plugin', name: 'upload', key }) as unknown as Store;

/**
 * Sets `MEDIA_DEFAULTS` once, on the first start that has this code (Strapi's upload plugin has
 * written its own defaults by then), and records that it did: what the studio sets in the admin
 * afterwards is theirs, kept across restarts and upgrades. Leader only, before the demo is seeded.
 */
export async function applyMediaDefaults(strapi: Core.Strapi): Promise<void> {
  const applied = store(strapi, 'studio-defaults');
  if (await applied.get({})) return;
  const settings = store(strapi, 'settings');
  const current = ((await settings.get({})) ?? {}) as Record<string, unknown>;
  await settings.set({ value: { ...current, ...MEDIA_DEFAULTS } });
  await applied.set({ value: { ...MEDIA_DEFAULTS, at: new Date().toISOString() } });
  strapi.log.info(
    'Media Library: uploads are kept as uploaded (no re-encoding) and without Strapi\'s small, medium and large copies, which the site does not use; the studio can change both in Settings → Media Library.',
  );
}
