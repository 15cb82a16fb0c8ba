import { z } from 'zod';
import type { ContentClient } from '../../app/lib/content/content-client.server';

/** The CMS's English texts (api::translation): machine translations and the studio's own. */
const entrySchema = z.object({ source: z.string(), machine: z.string().nullish(), english: z.string().nullish() });
export const STUDIO_ENGLISH_PATH = '/api/translations';

export interface StudioEnglish {
  /** The studio's English for those of `texts` it has written, and which texts the CMS knows. */
  lookup(texts: readonly string[]): Promise<{ corrected: Map<string, string>; known: Set<string> }>;
  /** Tells the CMS the machine translations it does not hold yet (batched, in the background). */
  report(pairs: ReadonlyArray<{ source: string; machine: string }>): void;
}

const BATCH = 300;

/**
 * The studio's English (issue 16): read through the content client, so it is cached like content
 * and dropped by the CMS's webhook the moment an editor saves (every instance, with Redis); machine
 * translations the site makes are reported to the CMS, where the studio sees and corrects them.
 */
export function createStudioEnglish({
  cmsUrl,
  secret,
  client,
  fetchImpl = fetch,
  delayMs = 1_000,
  log = console.warn,
}: {
  cmsUrl: string;
  /** SITE_WEBHOOK_SECRET: the CMS accepts reports only with it. Without one nothing is reported. */
  secret: string | undefined;
  /** The site's content client: the studio's English is cached and purged like content. */
  client: ContentClient;
  fetchImpl?: typeof fetch;
  delayMs?: number;
  log?: (line: string) => void;
}): StudioEnglish {
  const queue = new Map<string, string>();
  const sent = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  async function flush() {
    timer = undefined;
    const items = [...queue].map(([source, machine]) => ({ source, machine }));
    queue.clear();
    for (let start = 0; start < items.length; start += BATCH) {
      const batch = items.slice(start, start + BATCH);
      try {
        const response = await fetchImpl(`${cmsUrl}/api/translations/report`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
          body: JSON.stringify({ items: batch }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`answered ${response.status}`);
      } catch (error) {
        // Not lost for good: reported again the next time a visitor needs them.
        for (const { source } of batch) sent.delete(source);
        log(`[translate] could not tell the CMS about ${batch.length} machine translations: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  return {
    async lookup(texts) {
      const corrected = new Map<string, string>();
      const known = new Set<string>();
      let entries: Array<z.infer<typeof entrySchema>>;
      try {
        entries = await client.get({
          call: 'GET /api/translations',
          path: STUDIO_ENGLISH_PATH,
          query: { fields: ['source', 'machine', 'english'] },
          schema: z.array(entrySchema),
        });
      } catch {
        // The CMS is away and nothing is cached: machine translation alone, as before.
        return { corrected, known };
      }
      const wanted = new Set(texts);
      for (const entry of entries) {
        known.add(entry.source);
        const english = entry.english?.trim();
        if (english && wanted.has(entry.source)) corrected.set(entry.source, english);
      }
      return { corrected, known };
    },
    report(pairs) {
      if (!secret) return;
      for (const { source, machine } of pairs) {
        if (sent.has(source)) continue;
        sent.add(source);
        queue.set(source, machine);
      }
      if (queue.size > 0 && !timer) timer = setTimeout(() => void flush(), delayMs);
    },
  };
}
