import type { Core } from '@strapi/strapi';
import { PUBLIC_READ_ACTIONS } from '../bootstrap/content-types';
import { sameSecret } from '../utils/same-secret';
import { checkPublicQuery, PublicQueryError, type Model } from '../utils/public-query';

type Context = {
  method: string;
  path: string;
  query: Record<string, unknown>;
  get(name: string): string;
  status: number;
  body: unknown;
};

/**
 * Anonymous reads of the studio's content API (`GET /api/<type>[/<id>]`) must keep to the public
 * query shapes (src/utils/public-query.ts); anything else is a 400 before Strapi runs a query.
 * Requests with an Authorization header (editors' API tokens) are Strapi's own business: its
 * permissions decide. The site's preview may read drafts (`status=draft`) when it sends the
 * preview secret both share (`X-Preview-Secret`, PREVIEW_SECRET); the other rules still apply.
 */
const isPreview = (given: string) => sameSecret(given, process.env.PREVIEW_SECRET);

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const byRoute = new Map<string, string>();
  for (const uid of Object.keys(PUBLIC_READ_ACTIONS)) {
    const contentType = strapi.contentType(uid as keyof typeof PUBLIC_READ_ACTIONS);
    const name = contentType.kind === 'singleType' ? contentType.info.singularName : contentType.info.pluralName;
    byRoute.set(name, uid);
  }
  const modelOf = (uid: string): Model | undefined => strapi.getModel(uid as never) as Model | undefined;

  return async (ctx: Context, next: () => Promise<void>) => {
    const match = /^\/api\/([^/]+)(?:\/[^/]+)?\/?$/.exec(ctx.path);
    const uid = match && byRoute.get(match[1] ?? '');
    if (!uid || ctx.get('authorization') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) {
      await next();
      return;
    }
    try {
      const query = ctx.query.status === 'draft' && isPreview(ctx.get('x-preview-secret')) ? { ...ctx.query, status: 'published' } : ctx.query;
      checkPublicQuery(query, modelOf(uid) as Model, modelOf);
    } catch (error) {
      if (!(error instanceof PublicQueryError)) throw error;
      ctx.status = 400;
      ctx.body = { data: null, error: { status: 400, name: 'ValidationError', message: error.message, details: {} } };
      return;
    }
    await next();
  };
};
