import type { Core } from '@strapi/strapi';
import { privacyOf } from '../privacy/privacy';

interface Context {
  path: string;
  query: Record<string, unknown>;
  status: number;
  body: unknown;
  set(name: string, value: string): void;
}

/**
 * The CMS's own /uploads, when uploads are kept in its folder (issue 39): a file only private work
 * uses is a 404 here, like a missing one, unless the address carries the admin's signature
 * (src/extensions/upload). The site reads such files through /api/private-media/file instead.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  return async (ctx: Context, next: () => Promise<void>) => {
    // The path as the static server will read it: decoded, its slashes tidied (`//uploads//a.jpg`,
    // `/%75ploads/a.jpg` are `/uploads/a.jpg` to it), so no spelling passes the check.
    let path: string;
    try {
      path = decodeURIComponent(ctx.path).replace(/\/{2,}/g, '/');
    } catch {
      return next();
    }
    if (!/^\/uploads\//i.test(path)) return next();
    const { storage, media, signer } = privacyOf(strapi);
    if (storage.kind !== 'folder') return next();
    const key = path.slice('/uploads/'.length);
    if (!media.isPrivate(key)) return next();
    const one = (value: unknown) => (typeof value === 'string' ? value : undefined);
    if (signer.verify(key, one(ctx.query.exp), one(ctx.query.sig))) {
      ctx.set('cache-control', 'private, max-age=3600');
      return next();
    }
    ctx.status = 404;
    ctx.body = 'Not Found';
  };
};
