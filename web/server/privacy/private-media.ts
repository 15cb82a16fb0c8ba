import { z } from 'zod';

const answerSchema = z.object({ data: z.object({ keys: z.array(z.string().max(400)).max(200_000) }) });

export interface PrivateMediaOptions {
  cmsUrl: string;
  /** SITE_WEBHOOK_SECRET: the CMS tells only the site which files are private. */
  secret: string | undefined;
  fetchImpl?: typeof fetch;
  /** How often the list is read again, whatever the webhook says (several instances, a lost call). */
  refreshMs?: number;
  log?: (line: string) => void;
}

/**
 * Which uploads only private work uses (issue 39): read from the CMS at start, on every publish
 * the webhook reports, and every few seconds, so every instance refuses them within seconds.
 * `isPrivate` answers from memory (a set lookup per picture): `undefined` until the first list
 * arrived, when the storage itself (a private object in the bucket, the CMS's guarded /uploads)
 * is what refuses them.
 */
export function createPrivateMedia({ cmsUrl, secret, fetchImpl = fetch, refreshMs = 2_000, log = console.warn }: PrivateMediaOptions) {
  let keys: Set<string> | undefined;
  let reading: Promise<void> | undefined;
  let failing = false;
  let timer: NodeJS.Timeout | undefined;
  const read = async () => {
    if (!secret) return;
    try {
      const answer = await fetchImpl(`${cmsUrl}/api/private-media`, { headers: { authorization: `Bearer ${secret}`, accept: 'application/json' }, signal: AbortSignal.timeout(5_000) });
      if (!answer.ok) throw new Error(`the CMS answered ${answer.status}`);
      keys = new Set(answerSchema.parse(await answer.json()).data.keys);
      if (failing) log('[private] the list of private files is read again');
      failing = false;
    } catch (error) {
      if (!failing) log(`[private] the list of private files was not read (${error instanceof Error ? error.message : String(error)}); keeping the last one`);
      failing = true;
    }
  };
  const refresh = () => (reading ??= read().finally(() => (reading = undefined)));
  return {
    isPrivate: (key: string): boolean | undefined => keys?.has(key),
    /** Reads the list now (a publish); a read under way counts. */
    refresh,
    start() {
      void refresh();
      if (!secret || timer) return;
      timer = setInterval(() => void refresh(), refreshMs);
      timer.unref();
    },
    stop: () => clearInterval(timer),
  };
}

export type PrivateMedia = ReturnType<typeof createPrivateMedia>;
