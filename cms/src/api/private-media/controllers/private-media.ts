import type { Core } from '@strapi/strapi';
import { privacyOf } from '../../../privacy/privacy';
import { fromSite } from '../../../utils/site-secret';

interface Context {
  get(name: string): string;
  set(headers: Record<string, string>): void;
  query: Record<string, unknown>;
  status: number;
  body: unknown;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** GET /api/private-media: `{ keys }`, every key (original and formats) of files only private work uses, read now. */
  async list(ctx: Context) {
    if (!fromSite(ctx)) return;
    ctx.set({ 'cache-control': 'no-store' });
    ctx.body = { data: { keys: [...(await privacyOf(strapi).media.keys())] } };
  },

  /** GET /api/private-media/file?key=…: a file's bytes from the folder or the bucket (one `Range` honoured). */
  async file(ctx: Context) {
    if (!fromSite(ctx)) return;
    const key = typeof ctx.query.key === 'string' ? ctx.query.key : '';
    const opened = await privacyOf(strapi).storage.open(key, ctx.get('range') || undefined);
    if (!opened) {
      ctx.status = 404;
      ctx.body = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
      return;
    }
    ctx.status = opened.status;
    ctx.set({ ...opened.headers, 'cache-control': 'no-store' });
    ctx.body = opened.body;
  },
});
