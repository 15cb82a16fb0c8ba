import { z } from 'zod';

/** A text the provider could not translate (down, quota spent, timeout, a warning instead of text). */
export class TranslationError extends Error {
  override name = 'TranslationError';
}

export interface TranslationProvider {
  translate(text: string): Promise<string>;
}

export interface MyMemoryOptions {
  baseUrl: string;
  email?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

const answerSchema = z.object({
  responseData: z.object({ translatedText: z.string().nullish() }).nullish(),
  responseStatus: z.union([z.number(), z.string()]).nullish(),
  quotaFinished: z.boolean().nullish(),
});

const WARNINGS = /^\s*(MYMEMORY WARNING|QUERY LENGTH LIMIT)/i;

/** `provider`, telling `onCall` how each call ended (the server's metrics). */
export function observedProvider(provider: TranslationProvider, onCall: (outcome: 'ok' | 'failed') => void): TranslationProvider {
  return {
    async translate(text) {
      try {
        const translated = await provider.translate(text);
        onCall('ok');
        return translated;
      } catch (error) {
        onCall('failed');
        throw error;
      }
    },
  };
}

/** The MyMemory protocol: GET {base}/get?q=TEXT&langpair=zh|en[&de=EMAIL] -> responseData.translatedText. */
export function createMyMemoryProvider({ baseUrl, email, timeoutMs = 15_000, fetchImpl = fetch }: MyMemoryOptions): TranslationProvider {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async translate(text) {
      const params = new URLSearchParams({ q: text, langpair: 'zh|en' });
      if (email) params.set('de', email);
      let response: Response;
      try {
        response = await fetchImpl(`${base}/get?${params}`, { signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        throw new TranslationError(`provider unreachable: ${String(error)}`);
      }
      if (!response.ok) throw new TranslationError(`provider answered ${response.status}`);
      const parsed = answerSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new TranslationError('provider answered an unexpected shape');
      const { responseData, responseStatus, quotaFinished } = parsed.data;
      const translated = responseData?.translatedText ?? '';
      if (Number(responseStatus) !== 200) throw new TranslationError(`provider status ${String(responseStatus)}: ${translated}`);
      if (quotaFinished) throw new TranslationError('provider quota finished');
      if (!translated.trim() || WARNINGS.test(translated)) throw new TranslationError(`provider warning: ${translated.slice(0, 120)}`);
      return translated;
    },
  };
}
