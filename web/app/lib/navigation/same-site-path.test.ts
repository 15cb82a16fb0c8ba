import { describe, expect, it } from 'vitest';
import { isSameSitePath } from './same-site-path';

describe('an address on this site (issue 36)', () => {
  it.each(['/', '/login', '/en/dailyPage/project/abc?documentId=abc', '/dailyPage/project?category=//x', '/%E9%A1%B9%E7%9B%AE', '/a#//b'])('%s is one', (path) => {
    expect(isSameSitePath(path)).toBe(true);
  });

  it.each([
    ['another host', '//evil.example/x'],
    ['another host after a prefix', '/en//evil.example/x'],
    ['a backslash, which browsers read as a slash', '/\\evil.example'],
    ['an encoded double slash', '/%2F%2Fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['a scheme', 'https://evil.example/'],
    ['a relative path', 'evil.example'],
    ['a scheme-like path', 'javascript:alert(1)'],
    ['a control character', '/a\u0000b'],
    ['an encoded control character', '/a%0Ab'],
    ['broken percent-encoding', '/%E0%A4%A'],
    ['nothing', ''],
  ])('%s is not: %s', (_why, path) => {
    expect(isSameSitePath(path)).toBe(false);
  });
});
