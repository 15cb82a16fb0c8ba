import { describe, expect, it } from 'vitest';
import { createTokenBuckets } from './token-buckets';

describe('token buckets per visitor', () => {
  it('allow a burst, then the refill rate, each visitor on their own', () => {
    let time = 0;
    const take = createTokenBuckets({ burst: 3, perSecond: 2, now: () => time });
    expect([take('a'), take('a'), take('a'), take('a')]).toEqual([true, true, true, false]);
    expect(take('b')).toBe(true);
    time += 500; // one token back
    expect([take('a'), take('a')]).toEqual([true, false]);
    time += 60_000; // never more than the burst
    expect([take('a'), take('a'), take('a'), take('a')]).toEqual([true, true, true, false]);
  });
});
