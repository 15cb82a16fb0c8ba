import { describe, expect, it } from 'vitest';
import { shuffle } from './shuffle';

describe('shuffle', () => {
  it('keeps every item exactly once and leaves the input alone', () => {
    const input = ['a', 'b', 'c', 'd', 'e', 'f'];
    const output = shuffle(input);
    expect([...output].sort()).toEqual(input);
    expect(input).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('puts the items in the order the random source gives', () => {
    // random() = 0 always swaps position i with 0: [a,b,c,d] -> [b,c,d,a]
    expect(shuffle(['a', 'b', 'c', 'd'], () => 0)).toEqual(['b', 'c', 'd', 'a']);
  });

  it('gives different orders over many runs (it really shuffles)', () => {
    const seen = new Set(Array.from({ length: 50 }, () => shuffle([1, 2, 3, 4, 5]).join('')));
    expect(seen.size).toBeGreaterThan(5);
  });

  it('handles empty and single lists', () => {
    expect(shuffle([])).toEqual([]);
    expect(shuffle(['only'])).toEqual(['only']);
  });
});
