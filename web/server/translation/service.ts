import { eachLimited } from '../../app/lib/each-limited';
import type { TranslationCache } from './cache';
import { TranslationError, type TranslationProvider } from './provider';
import { joinTranslations, splitForProvider } from './split';
import type { Quota } from './quota';
import type { StudioEnglish } from './studio-english';

export interface TranslationResult {
  translations: Record<string, string>;
  failed: string[];
}

/** The provider's daily budget is spent: until midnight UTC only the cache answers. */
export class BudgetSpentError extends TranslationError {
  override name = 'BudgetSpentError';
}

/** A client or the whole site has sent its share of characters this minute: the rest wait a minute. */
export class RateLimitedError extends TranslationError {
  override name = 'RateLimitedError';
}

/** MyMemory's free quota with an e-mail is 50,000 characters a day; stay well under it. */
export const DEFAULT_DAILY_CHARS = 40_000;

/**
 * Provider characters a minute: per client address (a visitor's first English view of the
 * longest article needs about 3,000 on a cold cache) and for the whole site (docs/operations.md).
 */
export const PROVIDER_CHARS_PER_MINUTE = { perClient: 6_000, site: 15_000 } as const;

const today = (now: number) => new Date(now).toISOString().slice(0, 10);

/**
 * Answers from the cache and asks the provider only for the misses, a few at a time. Concurrent
 * requests for the same text share one provider call. Failures are reported, never cached. At
 * most `dailyChars` characters a day (UTC) go to the provider; after that the cache answers alone.
 */
export function createTranslationService({
  provider,
  cache,
  concurrency = 4,
  dailyChars = DEFAULT_DAILY_CHARS,
  studio,
  perMinute,
  now = Date.now,
  log = console.warn,
}: {
  provider: TranslationProvider;
  cache: TranslationCache;
  concurrency?: number;
  dailyChars?: number;
  /** Provider characters a minute, per client address and for the whole site. */
  perMinute?: { perClient: Quota; site: Quota };
  /** The studio's own English from the CMS: it wins; machine translations are reported to it. */
  studio?: StudioEnglish;
  now?: () => number;
  log?: (line: string) => void;
}) {
  const inFlight = new Map<string, Promise<string>>();
  let warnedDay = '';
  let warnedMinute = -1;

  /**
   * Takes `chars` from the client's and the site's minute and from today's budget, each in one
   * step (parallel requests cannot overshoot), or says which is spent and takes nothing.
   */
  async function reserve(chars: number, client: string) {
    if (perMinute) {
      if (!(await perMinute.perClient.take(client, chars))) throw new RateLimitedError('this client sent its characters for this minute');
      if (!(await perMinute.site.take('site', chars))) {
        await perMinute.perClient.giveBack(client, chars);
        const minute = Math.floor(now() / 60_000);
        if (warnedMinute !== minute) {
          warnedMinute = minute;
          log('[translate] the site sent its share of characters to the provider this minute; new texts wait for the next');
        }
        throw new RateLimitedError('the site sent its characters for this minute');
      }
    }
    const day = today(now());
    if (!(await cache.reserveChars(day, chars, dailyChars))) {
      if (perMinute) await Promise.all([perMinute.perClient.giveBack(client, chars), perMinute.site.giveBack('site', chars)]);
      if (warnedDay !== day) {
        warnedDay = day;
        log(`[translate] today's budget of ${dailyChars} characters for the provider is spent; answering from the cache only until midnight UTC`);
      }
      throw new BudgetSpentError(`daily budget of ${dailyChars} characters spent`);
    }
  }

  const translateOne = (text: string, client: string): Promise<string> => {
    const pending = inFlight.get(text);
    if (pending) return pending;
    const job = (async () => {
      await reserve(text.length, client);
      const parts: string[] = [];
      for (const piece of splitForProvider(text)) parts.push(await provider.translate(piece));
      const translated = joinTranslations(parts);
      await cache.set(text, translated);
      return translated;
    })().finally(() => inFlight.delete(text));
    inFlight.set(text, job);
    return job;
  };

  return {
    /**
     * What is known without the provider: the studio's English, then the translation cache. An
     * English page takes these at once and asks the provider only for the rest (issue 28).
     */
    async known(texts: readonly string[]): Promise<Map<string, string>> {
      const all = [...new Set(texts)];
      const { corrected } = studio ? await studio.lookup(all) : { corrected: new Map<string, string>() };
      const cached = await cache.getMany(all.filter((text) => !corrected.has(text)));
      return new Map([...cached, ...corrected]);
    },
    /** Characters sent to the provider today, and the daily budget. */
    budget: async () => ({ spent: await cache.charsSpent(today(now())), limit: dailyChars }),
    /** `client`: the visitor's address, for the per-client minute. */
    async translateAll(texts: readonly string[], { client = 'site' }: { client?: string } = {}): Promise<TranslationResult> {
      const all = [...new Set(texts)];
      // The studio's English first; the machine's (cache, then provider) for the rest.
      const { corrected, known } = studio ? await studio.lookup(all) : { corrected: new Map<string, string>(), known: new Set<string>() };
      const unique = all.filter((text) => !corrected.has(text));
      const cached = await cache.getMany(unique);
      const translations: Record<string, string> = { ...Object.fromEntries(cached), ...Object.fromEntries(corrected) };
      const failed: string[] = [];
      let firstError: unknown;
      const misses = unique.filter((text) => !cached.has(text));
      await eachLimited(misses, concurrency, async (text) => {
        try {
          translations[text] = await translateOne(text, client);
        } catch (error) {
          failed.push(text);
          firstError ??= error;
        }
      });
      if (studio) {
        const machine = unique.filter((text) => !known.has(text) && translations[text] !== undefined);
        studio.report(machine.map((source) => ({ source, machine: translations[source] as string })));
      }
      if (failed.length > 0) {
        const reason = firstError instanceof Error ? firstError.message : String(firstError);
        log(`[translate] ${failed.length} of ${misses.length} new texts not translated: ${reason}`);
      }
      return { translations, failed };
    },
  };
}

export type TranslationService = ReturnType<typeof createTranslationService>;
