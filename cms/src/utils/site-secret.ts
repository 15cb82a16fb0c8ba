import { cmsEnv } from '../env';
import { sameSecret } from './same-secret';

interface Context {
  get(name: string): string;
  status: number;
  body: unknown;
}

/**
 * Routes only the site calls (its words, the fill's status, share links, private files, views):
 * they prove themselves with the secret the site and the CMS share (SITE_WEBHOOK_SECRET, as a
 * bearer token). Anything else is a 401.
 */
export function fromSite(ctx: Context): boolean {
  const authorization = ctx.get('authorization') ?? '';
  if (sameSecret(authorization.replace(/^Bearer\s+/i, ''), cmsEnv().SITE_WEBHOOK_SECRET)) return true;
  ctx.status = 401;
  ctx.body = { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or wrong site secret.', details: {} } };
  return false;
}
