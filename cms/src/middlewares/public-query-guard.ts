import type { Core } from '@strapi/strapi';
import { cmsEnv } from '../env';
import { sameSecret } from '../utils/same-secret';
import { checkPublicQuery, PublicQueryError, type Model } from '../utils/public-query';
import { privacyOf } from '../privacy/privacy';
import { DESCRIBES_FILES } from '../privacy/private-media';

interface Context {
  method: string;
  query: Record<string, unknown>;
  get(name: string): string;
  status: number;
  body: unknown;
  state: { auth?: { credentials?: unknown } };
}

const isPreview = (given: string) => sameSecret(given, cmsEnv().PREVIEW_SECRET);
/** The site reading a share link's private item (issue 39): the secret the site and the CMS share. */
const isSite = (given: string) => sameSecret(given, cmsEnv().SITE_WEBHOOK_SECRET);

/**
 * Private work (issue 39) is not there for visitors: whatever they ask (filters, populate, an id),
 * the query only ever reaches public entries, as if the others did not exist.
 */
const withFilter = (filters: unknown, condition: Record<string, unknown>) => (filters === undefined ? condition : { $and: [filters, condition] });
export const publicOnly = (filters: unknown) => withFilter(filters, { $or: [{ visibility: { $null: true } }, { visibility: { $ne: 'private' } }] });

/** `body` without the upload plugin's `isUrlSigned` marks (public answers name plain addresses only). */
function withoutSigningMarks(body: unknown, depth = 0): unknown {
  if (depth > 8 || typeof body !== 'object' || body === null) return body;
  if (Array.isArray(body)) return body.map((item) => withoutSigningMarks(item, depth + 1));
  const entries = Object.entries(body).filter(([key]) => key !== 'isUrlSigned');
  return Object.fromEntries(entries.map(([key, value]) => [key, withoutSigningMarks(value, depth + 1)]));
}

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
 * - Private projects and articles (issue 39) are left out of every anonymous answer, unless the
 *   site asks for a share link's item (`X-Site-Secret`) or an editor's preview does.
 */
export default ({ uid }: { uid: string }, { strapi }: { strapi: Core.Strapi }) => {
  const modelOf = (name: string): Model | undefined => strapi.getModel(name as never) as Model | undefined;
  const model = modelOf(uid);
  if (!model) throw new Error(`public-query-guard: no content type ${uid}`);
  const hidesPrivate = 'visibility' in model.attributes;
  // A private file's words (its alternative text in another language) are as private as the file.
  const describesFiles = DESCRIBES_FILES.includes(uid);

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
    const preview = isPreview(ctx.get('x-preview-secret'));
    try {
      const query = ctx.query.status === 'draft' && preview ? { ...ctx.query, status: 'published' } : ctx.query;
      checkPublicQuery(query, model, modelOf);
    } catch (error) {
      if (!(error instanceof PublicQueryError)) throw error;
      refuse(ctx, 400, 'ValidationError', error.message);
      return;
    }
    const visitor = !preview && !isSite(ctx.get('x-site-secret'));
    if (hidesPrivate && visitor) ctx.query = { ...ctx.query, filters: publicOnly(ctx.query.filters) };
    const privateFiles = describesFiles && visitor ? privacyOf(strapi).media.fileIds() : [];
    if (privateFiles.length > 0) ctx.query = { ...ctx.query, filters: withFilter(ctx.query.filters, { file: { id: { $notIn: privateFiles } } }) };
    await next();
    // Strapi marks each file it could have signed (src/extensions/upload); the content API signs none.
    if (typeof ctx.body === 'object' && ctx.body !== null && Object.getPrototypeOf(ctx.body) === Object.prototype) ctx.body = withoutSigningMarks(ctx.body);
  };
};
