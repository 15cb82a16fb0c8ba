import { factories } from '@strapi/strapi';
import { privacyOf } from '../../../privacy/privacy';
import { HASH_PATTERN } from '../../../privacy/share-tokens';
import { fromSite } from '../../../utils/site-secret';

export default factories.createCoreController('api::share-link.share-link', ({ strapi }) => ({
  /**
   * GET /api/share-links/resolve/<sha256 of the token>: `{ state: 'valid', kind, documentId, keys }`
   * or `{ state: 'gone', reason }` (revoked, expired, its entry deleted or unpublished); an unknown
   * hash is a 404, the same for every one of them.
   */
  async resolve(ctx) {
    if (!fromSite(ctx)) return;
    const hash = String(ctx.params.hash ?? '');
    const found = HASH_PATTERN.test(hash) ? await privacyOf(strapi).links.resolve(hash) : null;
    if (!found) {
      ctx.status = 404;
      ctx.body = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
      return;
    }
    ctx.body = { data: found };
  },
}));
