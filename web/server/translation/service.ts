import type { TranslationCache } from './cache';
import type { TranslationProvider } from './provider';
import { joinTranslations, splitForProvider } from './split';

export interface TranslationResult {
  translations: Record<string, string>;
  failed: string[];
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Answers from the cache and asks the provider only for the misses, a few at a time. Concurrent
 * requests for the same text share one provider call. Failures are reported, never cached.
 */
export function createTranslationService({
  provider,
  cache,
  concurrency = 4,
}: {
  provider: TranslationProvider;
  cache: TranslationCache;
  concurrency?: number;
}) {
  const inFlight = new Map<string, Promise<string>>();

  const translateOne = (text: string): Promise<string> => {
    const pending = inFlight.get(text);
    if (pending) return pending;
    const job = (async () => {
      const parts: string[] = [];
      for (const piece of splitForProvider(text)) parts.push(await provider.translate(piece));
      const translated = joinTranslations(parts);
      cache.set(text, translated);
      return translated;
    })().finally(() => inFlight.delete(text));
    inFlight.set(text, job);
    return job;
  };

  return {
    async translateAll(texts: readonly string[]): Promise<TranslationResult> {
      const unique = [...new Set(texts)];
      const cached = cache.getMany(unique);
      const translations: Record<string, string> = Object.fromEntries(cached);
      const failed: string[] = [];
      let firstError: unknown;
      const misses = unique.filter((text) => !cached.has(text));
      await eachLimited(misses, concurrency, async (text) => {
        try {
          translations[text] = await translateOne(text);
        } catch (error) {
          failed.push(text);
          firstError ??= error;
        }
      });
      if (failed.length > 0) {
        const reason = firstError instanceof Error ? firstError.message : String(firstError);
        console.warn(`[translate] ${failed.length} of ${misses.length} new texts not translated: ${reason}`);
      }
      return { translations, failed };
    },
  };
}

export type TranslationService = ReturnType<typeof createTranslationService>;
