import { factories } from '@strapi/strapi';
import type { StudioContentType } from '../bootstrap/content-types';

const ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'] as const;

/**
 * The core routes of one of the studio's content types. All of them exist so editors' API tokens
 * can write; anonymous visitors may only call find/findOne (src/bootstrap/public-permissions.ts),
 * and every route runs the public query guard after Strapi has authenticated the caller
 * (src/middlewares/public-query-guard.ts).
 */
export function publicRouter(uid: StudioContentType) {
  // A fresh object per route: Strapi writes each route's permission scope into its config, so a
  // shared object would give every route the first one's scope (create would check `find`).
  const guarded = () => ({ middlewares: [{ name: 'global::public-query-guard', config: { uid } }] });
  return factories.createCoreRouter(uid, { config: Object.fromEntries(ACTIONS.map((action) => [action, guarded()])) });
}
