/**
 * The most one POST /translate may carry: about twice what the site's largest page sends when
 * English is turned on (the demo studio's grid: 91 texts, 1,739 characters; docs/operations.md).
 * The page translator splits a longer page (a studio with more projects) into several requests;
 * the endpoint answers a larger one with a 413.
 */
export const TRANSLATE_REQUEST_LIMITS = {
  maxTexts: 200,
  maxTextLength: 4_000,
  maxTotalLength: 4_000,
} as const;

/** `texts` in batches within the limits, in order. */
export function batchesOf(
  texts: readonly string[],
  { maxTexts, maxTotalLength }: { maxTexts: number; maxTotalLength: number } = TRANSLATE_REQUEST_LIMITS,
): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let length = 0;
  for (const text of texts) {
    if (batch.length > 0 && (batch.length >= maxTexts || length + text.length > maxTotalLength)) {
      batches.push(batch);
      batch = [];
      length = 0;
    }
    batch.push(text);
    length += text.length;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
