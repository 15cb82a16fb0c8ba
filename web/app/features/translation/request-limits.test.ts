import { describe, expect, it } from 'vitest';
import { batchesOf } from './request-limits';

describe('batches of texts for the translation endpoint', () => {
  it('keep every text, in order, within the count and the characters of one request', () => {
    const texts = Array.from({ length: 7 }, (_, n) => '字'.repeat(n + 1));
    const batches = batchesOf(texts, { maxTexts: 3, maxTotalLength: 6 });
    expect(batches.flat()).toEqual(texts);
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(3);
      if (batch.length > 1) expect(batch.join('').length).toBeLessThanOrEqual(6);
    }
    expect(batches).toEqual([['字', '字字', '字字字'], ['字字字字'], ['字字字字字'], ['字字字字字字'], ['字字字字字字字']]);
  });
});
