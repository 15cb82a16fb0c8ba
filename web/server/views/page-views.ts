import { createHash } from 'node:crypto';
import express, { type Request, type Router } from 'express';
import { z } from 'zod';
import { createTokenBuckets } from '../security/token-buckets';
import { networkOf } from '../privacy/share-gate';
import { SHARE_TOKEN } from '../privacy/share-links';
import { DAILY_PAGE } from '~/pages';

/** Crawlers, link previews, lab tools: not people looking at the work. */
const NOT_A_PERSON = /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|whatsapp|telegram|discord|slack|lighthouse|pagespeed|headlesschrome|phantom|python|curl|wget|httpclient|java\//i;
const PAGE = new RegExp(`^(?:/[^/]+)?/${DAILY_PAGE}/(project|article)/([A-Za-z0-9]{1,64})/?$`);
const SHARED = /^(?:\/[^/]+)?\/s\/([^/]+)\/?$/;

const beaconSchema = z.object({ path: z.string().max(300), lang: z.string().regex(/^[A-Za-z0-9-]{2,32}$/) });

export interface PageViewsOptions {
  cmsUrl: string;
  /** SITE_WEBHOOK_SECRET: the CMS takes counts only from the site; without it nothing is counted. */
  secret: string | undefined;
  fetchImpl?: typeof fetch;
  /** How often the counts go to the CMS. */
  flushMs?: number;
  /** Whether a request is an editor's preview (never counted). */
  isPreview?: (req: Request) => boolean;
  now?: () => Date;
  log?: (line: string) => void;
}

/** The most distinct pages kept between two sends (a flood of made-up ids stops here). */
const MAX_KEYS = 5_000;

/**
 * What was seen (issue 39), without cookies: a page of a project or an article tells the site, once
 * the browser shows it, that it was viewed (`POST /_views`, a beacon with its address and language;
 * fetching ahead never runs it); a share link's page counts as an open of that link. Crawlers,
 * previews and requests from other sites are not counted; nothing about the visitor is kept, not
 * even their address. The counts go to the CMS in a batch every `flushMs`, never on a request's way.
 */
export function createPageViews({ cmsUrl, secret, fetchImpl = fetch, flushMs = 10_000, isPreview = () => false, now = () => new Date(), log = console.warn }: PageViewsOptions) {
  // A person opens a page every few seconds at most: a client past 20 at once, then one every 3 s,
  // is not counted (a script can still count a little; it cannot flood). Held in memory only,
  // by address, for the moment; never sent or kept.
  const mayCount = createTokenBuckets({ burst: 20, perSecond: 1 / 3 });
  let views = new Map<string, number>();
  let opens = new Map<string, { count: number; at: string }>();
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> | undefined;

  const count = (req: Request, body: unknown) => {
    if (!secret || NOT_A_PERSON.test(req.get('user-agent') ?? 'bot') || isPreview(req)) return;
    const site = req.get('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin') return;
    if (!mayCount(networkOf(req.ip ?? 'unknown'))) return;
    let parsed: z.infer<typeof beaconSchema>;
    try {
      parsed = beaconSchema.parse(typeof body === 'string' ? JSON.parse(body) : body);
    } catch {
      return;
    }
    const page = PAGE.exec(parsed.path);
    if (page) {
      const key = `${now().toISOString().slice(0, 10)}|${page[1]}|${page[2]}|${parsed.lang}`;
      if (views.has(key) || views.size < MAX_KEYS) views.set(key, (views.get(key) ?? 0) + 1);
      return;
    }
    const token = SHARED.exec(parsed.path)?.[1];
    if (token && SHARE_TOKEN.test(token)) {
      const hash = createHash('sha256').update(token).digest('hex');
      if (opens.has(hash) || opens.size < MAX_KEYS) opens.set(hash, { count: (opens.get(hash)?.count ?? 0) + 1, at: now().toISOString() });
    }
  };

  const send = async () => {
    if (!secret || (views.size === 0 && opens.size === 0)) return;
    const [batch, opened] = [views, opens];
    [views, opens] = [new Map(), new Map()];
    const body = {
      views: [...batch].map(([key, total]) => {
        const [day, type, documentId, locale] = key.split('|');
        return { day, type, documentId, locale, count: total };
      }),
      opens: [...opened].map(([hash, { count: total, at }]) => ({ hash, count: total, at })),
    };
    try {
      const answer = await fetchImpl(`${cmsUrl}/api/page-views`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      await answer.body?.cancel();
      if (!answer.ok) throw new Error(`the CMS answered ${answer.status}`);
    } catch (error) {
      // Kept for the next send (added to what came meanwhile, within the same bound).
      for (const [key, total] of batch) if (views.has(key) || views.size < MAX_KEYS) views.set(key, (views.get(key) ?? 0) + total);
      for (const [hash, open] of opened) if (opens.has(hash) || opens.size < MAX_KEYS) opens.set(hash, { count: (opens.get(hash)?.count ?? 0) + open.count, at: opens.get(hash)?.at ?? open.at });
      log(`[views] counts not sent yet (${error instanceof Error ? error.message : String(error)}); trying again`);
    }
  };
  const flush = () => (sending ??= send().finally(() => (sending = undefined)));

  const router: Router = express.Router();
  router.post('/_views', express.text({ type: () => true, limit: '1kb' }), (req, res) => {
    count(req, req.body);
    res.set('cache-control', 'no-store').status(204).end();
  });

  return {
    router,
    flush,
    start() {
      if (timer || !secret) return;
      timer = setInterval(() => void flush(), flushMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}

export type PageViews = ReturnType<typeof createPageViews>;
