import type { Core } from '@strapi/strapi';
import { sameSecret } from '../utils/same-secret';
import { checkPublicQuery, PublicQueryError, type Model } from '../utils/public-query';

interface Context {
  method: string;
  query: Record<string, unknown>;
  get(name: string): string;
  status: number;
  body: unknown;
  state: { auth?: { credentials?: unknown } };
}

const isPreview = (given: string) => sameSecret(given, process.env.PREVIEW_SECRET);

const refuse = (ctx: Context, status: 400 | 401, name: string, message: string) => {
  ctx.status = status;
  ctx.body = { data: null, error: { status, name, message, details: {} } };
};

/**
 * A route middleware on the studio's public content routes (src/utils/public-router.ts): it runs
 * after Strapi's authentication, so it knows whether the caller is an editor's API token (or a
 * signed-in user) that Strapi verified, or the anonymous public role.
 *
 * - Verified credentials: Strapi's own permissions decide, as for any API token.
 * - An Authorization header that Strapi did not verify (a malformed header, another scheme, an
 *   unknown or expired token, which Strapi lets through as the public role): 401. A header must
 *   never buy more than no header.
 * - Anonymous: the query must keep to the public shapes (src/utils/public-query.ts); anything
 *   else is a 400 before a query runs. The site's preview may read drafts (`status=draft`) with
 *   the secret both share (`X-Preview-Secret`, PREVIEW_SECRET); the other rules still apply.
 */
export default ({ uid }: { uid: string }, { strapi }: { strapi: Core.Strapi }) => {
  const modelOf = (name: string): Model | undefined => strapi.getModel(name as never) as Model | undefined;
  const model = modelOf(uid);
  if (!model) throw new Error(`public-query-guard: no content type ${uid}`);

  return async (ctx: Context, next: () => Promise<void>) => {
    if (ctx.state.auth?.credentials) {
      await next();
      return;
    }
    if (ctx.get('authorization')) {
      refuse(ctx, 401, 'UnauthorizedError', 'Missing or invalid credentials');
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      await next(); // Strapi's permissions refuse anonymous writes (403)
      return;
    }
    try {
      const query = ctx.query.status === 'draft' && isPreview(ctx.get('x-preview-secret')) ? { ...ctx.query, status: 'published' } : ctx.query;
      checkPublicQuery(query, model, modelOf);
    } catch (error) {
      if (!(error instanceof PublicQueryError)) throw error;
      refuse(ctx, 400, 'ValidationError', error.message);
      return;
    }
    await next();
  };
};
