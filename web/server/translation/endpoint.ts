import express, { type Router } from 'express';
import { z } from 'zod';
import { TRANSLATE_REQUEST_LIMITS } from '../../app/features/translation/request-limits';
import type { PublishedTexts } from './published-texts';
import { createRateLimiter, type RateLimiter } from './rate-limit';
import type { TranslationService } from './service';

export const LIMITS = { ...TRANSLATE_REQUEST_LIMITS, requestsPerMinute: 60 } as const;

const HAN = /\p{Script=Han}/u;

const requestSchema = z.object({
  texts: z
    .array(z.string().min(1))
    .min(1)
    .refine((texts) => texts.every((text) => HAN.test(text)), 'every text must contain Chinese characters'),
});

/** Over what one request may carry: why, for the 413. */
function overLimits(texts: readonly string[]): string | null {
  if (texts.length > LIMITS.maxTexts) return `at most ${LIMITS.maxTexts} texts in one request`;
  if (texts.some((text) => text.length > LIMITS.maxTextLength)) return `at most ${LIMITS.maxTextLength} characters in one text`;
  if (texts.reduce((sum, text) => sum + text.length, 0) > LIMITS.maxTotalLength) return `at most ${LIMITS.maxTotalLength} characters in one request`;
  return null;
}

/**
 * POST /translate {"texts": [...]} -> {"translations": {text: english}, "failed": [...], "refused": [...]}.
 * The browser's only way to translation: validated, rate-limited per client, limited to the texts
 * the site publishes (the rest are refused: 422 when nothing is left), answered from the cache
 * first; only the configured provider is ever called.
 */
export function translationRouter(
  service: TranslationService,
  published: Pick<PublishedTexts, 'check'>,
  limiter: RateLimiter = createRateLimiter({ limit: LIMITS.requestsPerMinute, windowMs: 60_000 }),
): Router {
  const router = express.Router();
  router.post('/translate', express.json({ limit: '64kb' }), async (req, res) => {
    res.set('cache-control', 'no-store');
    const wait = await limiter.take(req.ip ?? 'unknown');
    if (wait > 0) {
      res.set('retry-after', String(wait)).status(429).json({ error: 'Too many translation requests; try again shortly.' });
      return;
    }
    const parsed = requestSchema.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: `Invalid request: ${z.prettifyError(parsed.error)}` });
      return;
    }
    const over = overLimits(parsed.data.texts);
    if (over) {
      res.status(413).json({ error: `Too much for one request: ${over}. Send the rest in another request.` });
      return;
    }
    const { published: shown, refused } = await published.check(parsed.data.texts);
    if (shown.length === 0) {
      res.status(422).json({ error: 'None of these texts is shown on this site; only its own texts are translated.', refused });
      return;
    }
    res.json({ ...(await service.translateAll(shown, { client: req.ip ?? 'unknown' })), refused });
  });
  router.all('/translate', (_req, res) => {
    res.set('allow', 'POST').status(405).json({ error: 'Use POST with a JSON body {"texts": [...]}.' });
  });
  // express.json() rejects malformed bodies with its own error: answer those as 400 JSON too.
  router.use('/translate', (error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 500;
    if (status >= 400 && status < 500) {
      const message = status === 413 ? 'Request too large.' : status === 415 ? 'Unsupported body: send JSON in UTF-8.' : 'Malformed JSON body.';
      res.status(status).json({ error: message });
      return;
    }
    next(error);
  });
  return router;
}
