/**
 * The machine translation the fill uses (issue 38): the spec's MyMemory protocol, GET
 * {TRANSLATE_URL}/get?q=TEXT&langpair=FROM|TO -> responseData.translatedText, with the language
 * pair of the locales at hand. Called by the CMS's leader while it fills a locale, never on a
 * visitor's request.
 */
export class TranslationError extends Error {
  override name = 'TranslationError';
  constructor(
    message: string,
    /** The provider's daily quota is spent: try again tomorrow, not in a few seconds. */
    readonly quota = false,
  ) {
    super(message);
  }
}

export interface Provider {
  translate(text: string, from: string, to: string): Promise<string>;
}

/** Strapi's locale codes as MyMemory names the languages (it wants a region for Chinese). */
export function providerLanguage(locale: string): string {
  const code = locale.toLowerCase();
  if (code === 'zh-hans' || code === 'zh' || code === 'zh-hans-cn') return 'zh-CN';
  if (code.startsWith('zh-hant')) return 'zh-TW';
  return locale;
}

/** The provider takes at most 500 bytes of UTF-8 per query. */
export const PROVIDER_MAX_BYTES = 500;
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** Pieces of at most `maxBytes` each that concatenate back to exactly `text`: at sentence, then clause boundaries, then anywhere. */
export function splitForProvider(text: string, maxBytes = PROVIDER_MAX_BYTES): string[] {
  if (bytes(text) <= maxBytes) return [text];
  const hard = (part: string) => {
    const parts: string[] = [];
    let current = '';
    for (const char of part) {
      if (bytes(current + char) > maxBytes) {
        parts.push(current);
        current = '';
      }
      current += char;
    }
    return current ? [...parts, current] : parts;
  };
  const levels = [/(?<=[。！？!?；;\n])/u, /(?<=[，,、：:])/u];
  const pieces = (part: string, level: number): string[] => {
    if (bytes(part) <= maxBytes) return [part];
    const pattern = levels[level];
    if (!pattern) return hard(part);
    return part.split(pattern).filter(Boolean).flatMap((piece) => (bytes(piece) <= maxBytes ? [piece] : pieces(piece, level + 1)));
  };
  const packed: string[] = [];
  for (const piece of pieces(text, 0)) {
    const last = packed[packed.length - 1];
    if (last !== undefined && bytes(last + piece) <= maxBytes) packed[packed.length - 1] = last + piece;
    else packed.push(piece);
  }
  return packed;
}

const WARNINGS = /^\s*(MYMEMORY WARNING|QUERY LENGTH LIMIT|INVALID LANGUAGE PAIR)/i;

interface Answer {
  responseData?: { translatedText?: string | null } | null;
  responseStatus?: number | string | null;
  quotaFinished?: boolean | null;
}

export function myMemory({ baseUrl, email, timeoutMs = 15_000, fetchImpl = fetch }: { baseUrl: string; email?: string; timeoutMs?: number; fetchImpl?: typeof fetch }): Provider {
  const base = baseUrl.replace(/\/+$/, '');
  const one = async (text: string, from: string, to: string): Promise<string> => {
    const params = new URLSearchParams({ q: text, langpair: `${providerLanguage(from)}|${providerLanguage(to)}` });
    if (email) params.set('de', email);
    let response: Response;
    try {
      response = await fetchImpl(`${base}/get?${params}`, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new TranslationError(`provider unreachable: ${String(error)}`);
    }
    if (!response.ok) throw new TranslationError(`provider answered ${response.status}`);
    const answer = (await response.json().catch(() => null)) as Answer | null;
    const translated = answer?.responseData?.translatedText ?? '';
    if (answer?.quotaFinished) throw new TranslationError('provider quota finished', true);
    if (Number(answer?.responseStatus) !== 200) throw new TranslationError(`provider status ${String(answer?.responseStatus)}: ${translated.slice(0, 120)}`);
    if (!translated.trim() || WARNINGS.test(translated)) throw new TranslationError(`provider warning: ${translated.slice(0, 120)}`);
    return translated;
  };
  return {
    async translate(text, from, to) {
      const parts: string[] = [];
      for (const piece of splitForProvider(text)) parts.push(piece.trim() ? await one(piece, from, to) : piece);
      return parts.map((part) => part.trim()).filter(Boolean).join(' ');
    },
  };
}
