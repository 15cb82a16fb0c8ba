import express, { type Router } from 'express';
import { z } from 'zod';
import { sameSecret } from '../same-secret';

export interface Purged {
  answers: number;
  pages: number;
}

export interface ContentWebhookOptions {
  /** Shared with the CMS (SITE_WEBHOOK_SECRET); without one, every call is refused. */
  secret: string | undefined;
  /** Drops what a change to `model` can affect (all when unknown), and every page. */
  purge: (model: string | undefined) => Purged | Promise<Purged>;
  log?: (line: string) => void;
}

/** Strapi's webhook payload: what happened to which content type (the entry itself is not needed). */
const eventSchema = z.object({
  event: z.string().max(100),
  model: z.string().max(100).optional(),
});

/**
 * POST /_webhooks/content: the CMS says content changed (entry create/update/delete/publish/
 * unpublish, media changes); the site drops the cached answers and pages it affects, so the
 * change shows at the next view.
 */
export function contentWebhook({ secret, purge, log = console.log }: ContentWebhookOptions): Router {
  const router = express.Router();
  // The secret is compared (in constant time) before a byte of the body is read: a caller without
  // it costs no parsing (issue 36: 1 MB of JSON was parsed before the 401), and the connection is
  // closed rather than drained.
  const authorized = (req: express.Request, res: express.Response, next: express.NextFunction) => {
    res.set('cache-control', 'no-store');
    const given = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (secret && given && sameSecret(given, secret)) return next();
    res.set('www-authenticate', 'Bearer').set('connection', 'close').status(401).json({ error: 'Unauthorized' });
  };
  router.post('/_webhooks/content', authorized, express.json({ limit: '1mb' }), async (req, res) => {
    const parsed = eventSchema.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: 'Expected a Strapi webhook event' });
      return;
    }
    const { model } = parsed.data;
    const purged = await purge(model);
    log(`[webhook] ${parsed.data.event}${parsed.data.model ? ` (${parsed.data.model})` : ''}: dropped ${purged.answers} cached answers and ${purged.pages} pages`);
    res.json({ purged });
  });
  router.all('/_webhooks/content', (_req, res) => void res.set('allow', 'POST').status(405).json({ error: 'Use POST.' }));
  router.use('/_webhooks/content', (error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 500;
    if (status >= 400 && status < 500) return void res.status(status).json({ error: 'Malformed body.' });
    next(error);
  });
  return router;
}
