import type { TranslationAnswer } from './dom-translator';
import { batchesOf, TRANSLATE_REQUEST_LIMITS } from './request-limits';

function isAnswer(value: unknown): value is TranslationAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const { translations, failed } = value as Record<string, unknown>;
  return typeof translations === 'object' && translations !== null && Array.isArray(failed);
}

export async function fetchTranslations(texts: string[]): Promise<TranslationAnswer> {
  const answer: TranslationAnswer = { translations: {}, failed: [] };
  // The site's own endpoint (never the provider), one POST per batch within its limits; a text
  // longer than a request may carry is not on any page, so it is not sent.
  const sendable = texts.filter((text) => text.length <= TRANSLATE_REQUEST_LIMITS.maxTextLength);
  answer.failed.push(...texts.filter((text) => text.length > TRANSLATE_REQUEST_LIMITS.maxTextLength));
  for (const batch of batchesOf(sendable)) {
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
