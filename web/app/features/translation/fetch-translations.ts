import type { TranslationAnswer } from './dom-translator';

/** The site's own endpoint (never the provider): one POST per batch of at most this many texts. */
const MAX_TEXTS = 300;

function isAnswer(value: unknown): value is TranslationAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const { translations, failed } = value as Record<string, unknown>;
  return typeof translations === 'object' && translations !== null && Array.isArray(failed);
}

export async function fetchTranslations(texts: string[]): Promise<TranslationAnswer> {
  const answer: TranslationAnswer = { translations: {}, failed: [] };
  for (let start = 0; start < texts.length; start += MAX_TEXTS) {
    const batch = texts.slice(start, start + MAX_TEXTS);
    const response = await fetch('/translate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ texts: batch }),
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok || !isAnswer(body)) {
      answer.failed.push(...batch);
      continue;
    }
    Object.assign(answer.translations, body.translations);
    // Refused texts (not on the site as the server knows it, e.g. a page from before a publish)
    // stay Chinese, like failed ones, and the notice says so.
    const refused = (body as { refused?: unknown }).refused;
    const untranslated = [...body.failed, ...(Array.isArray(refused) ? refused : [])];
    answer.failed.push(...untranslated.filter((text): text is string => typeof text === 'string'));
  }
  return answer;
}
