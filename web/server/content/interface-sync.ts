import { HAND_WRITTEN, interfaceEntries } from '~/lib/language/ui-text';

export interface InterfaceSyncOptions {
  cmsUrl: string;
  /** SITE_WEBHOOK_SECRET, which the CMS checks (without it nothing is sent). */
  secret: string | undefined;
  fetchImpl?: typeof fetch;
  log?: (line: string) => void;
  /** First wait after a failure; doubled each time, at most `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

/**
 * The site's own words (the interface in the languages it writes itself, `lib/language/ui-text.ts`) handed
 * to the CMS when the site starts (issue 38): the CMS keeps them as interface texts and its fill
 * puts the English into every other locale of the studio, where the studio corrects them. Sent
 * again until the CMS has them (it may start later than the site).
 */
export function interfaceSync({ cmsUrl, secret, fetchImpl = fetch, log = console.warn, retryMs = 2_000, maxRetryMs = 60_000 }: InterfaceSyncOptions) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const texts = Object.fromEntries(Object.entries(HAND_WRITTEN).map(([locale, words]) => [locale, interfaceEntries(words)]));
  const send = async (attempt: number): Promise<void> => {
    if (stopped || !secret) return;
    try {
      const response = await fetchImpl(`${cmsUrl}/api/ui-texts/sync`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ texts }),
        signal: AbortSignal.timeout(30_000),
      });
      if (!response.ok) throw new Error(`the CMS answered ${response.status}`);
      await response.body?.cancel();
    } catch (error) {
      if (attempt === 2) log(`[interface] the CMS does not have the site's words yet (${error instanceof Error ? error.message : String(error)}); trying again`);
      timer = setTimeout(() => void send(attempt + 1), Math.min(maxRetryMs, retryMs * 2 ** attempt));
      timer.unref();
    }
  };
  return {
    /** Sends the words, and again until the CMS took them. */
    start: () => void send(0),
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
