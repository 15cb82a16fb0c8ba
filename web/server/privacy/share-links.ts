import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ShareGrant } from '~/lib/request/site-context.server';

/** A share link's token as the CMS makes them (cms/src/privacy/share-tokens.ts): 32 URL-safe characters. */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/**
 * A path as the router matches it: each segment percent-decoded, an encoded slash kept inside its
 * segment (`%2F`, as React Router's `decodePath` keeps it), and case-blind (`/S/…`, `/%73/…` are
 * `/s/…`), so whatever spelling reaches a share link's page reaches its gate and its redaction too.
 * (Decoded whole, `/s/ab%2Fcd` was no share link to the gate, while the router matched it as the
 * token `ab/cd`: its page then ran without the gate's answer, a 500, found by an outside review.)
 */
const decoded = (path: string) => {
  try {
    return path
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return path;
  }
};
const SHARE_ADDRESS = /^(?:\/[^/]+)?\/s\/([^/]+?)(?:\.data)?\/?$|^(?:\/_img\/[^/]+)?\/s\/([^/]+)\/uploads\//i;

/** The token in a share link's address (its page in any language, its data, its files), in any spelling; else undefined. */
export function shareTokenOf(path: string): string | undefined {
  const match = SHARE_ADDRESS.exec(decoded(path).replace(/\/{2,}/g, '/'));
  // A segment's encoded slash is a slash in the token, as React Router's params have it.
  const token = match ? (match[1] ?? match[2]) : undefined;
  return token?.replace(/%2F/g, '/');
}

/** `path` with a share link's token replaced by `:token` (for logs and labels: the token opens the link). */
export function withoutShareToken(path: string): string {
  // Every request's path passes here on its way to the log: one with no `/s/` and nothing encoded
  // (almost all of them) cannot hold a token, and is not decoded.
  if (!path.includes('%') && !/\/s\//i.test(path)) return path;
  const token = shareTokenOf(path);
  return token === undefined ? path : decoded(path).replace(/\/{2,}/g, '/').replace(/(^|\/)s\/[^/]+?(?=\.data$|\/|$)/i, '$1s/:token');
}

const resolution = z.discriminatedUnion('state', [
  z.object({ state: z.literal('valid'), kind: z.enum(['project', 'article']), documentId: z.string().regex(/^[A-Za-z0-9]{1,64}$/), keys: z.array(z.string().max(400)).max(2_000) }),
  z.object({ state: z.literal('gone') }),
]);

/** What a token opens: an item and its files, a link that no longer opens, or nothing at all. */
export type Grant = ShareGrant;

export interface ShareLinksOptions {
  cmsUrl: string;
  /** SITE_WEBHOOK_SECRET: without it no link opens (the CMS answers only the site). */
  secret: string | undefined;
  fetchImpl?: typeof fetch;
  /** How long an answer is reused (a revoked link stops opening within it on every instance). */
  ttlMs?: number;
  now?: () => number;
}

export class ShareLookupFailed extends Error {
  override name = 'ShareLookupFailed';
}

/**
 * Share links on the site (issue 39): a token is hashed here and the CMS is asked by its hash (the
 * token itself never leaves the site); answers are kept for `ttlMs` and dropped by every publish,
 * so a revoked or expired link stops opening within seconds. With the CMS unreachable, the last
 * answer for the token stands (a link that opened keeps opening during an outage).
 */
export function createShareLinks({ cmsUrl, secret, fetchImpl = fetch, ttlMs = 2_000, now = Date.now }: ShareLinksOptions) {
  const kept = new Map<string, { at: number; grant: Grant }>();
  const ask = async (hash: string): Promise<Grant> => {
    if (!secret) return { state: 'unknown' };
    const answer = await fetchImpl(`${cmsUrl}/api/share-links/resolve/${hash}`, { headers: { authorization: `Bearer ${secret}`, accept: 'application/json' }, signal: AbortSignal.timeout(5_000) });
    if (answer.status === 404) {
      await answer.body?.cancel();
      return { state: 'unknown' };
    }
    if (!answer.ok) throw new ShareLookupFailed(`the CMS answered ${answer.status}`);
    const found = resolution.parse(((await answer.json()) as { data?: unknown }).data);
    return found.state === 'valid' ? { ...found, hash, keys: new Set(found.keys) } : { state: 'gone', hash };
  };
  return {
    async resolve(token: string): Promise<Grant> {
      if (!SHARE_TOKEN.test(token)) return { state: 'unknown' };
      const hash = createHash('sha256').update(token).digest('hex');
      const known = kept.get(hash);
      if (known && now() - known.at < ttlMs) return known.grant;
      try {
        const grant = await ask(hash);
        // Unknown tokens are not kept: each guess costs its guesser a lookup and a miss (see shareGate).
        if (grant.state !== 'unknown') {
          if (kept.size >= 1_000) kept.delete(kept.keys().next().value!);
          kept.set(hash, { at: now(), grant });
        }
        return grant;
      } catch (error) {
        if (known) return known.grant;
        throw error instanceof ShareLookupFailed ? error : new ShareLookupFailed(error instanceof Error ? error.message : String(error));
      }
    },
    /** A publish (a link revoked, an item made private): every answer is asked again (kept only for an outage). */
    purge() {
      for (const entry of kept.values()) entry.at = Number.NEGATIVE_INFINITY;
    },
  };
}

export type ShareLinks = ReturnType<typeof createShareLinks>;
