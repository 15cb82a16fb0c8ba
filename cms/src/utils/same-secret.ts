import { timingSafeEqual } from 'node:crypto';

/** Whether `given` is the configured `expected` secret (false when none is configured), in constant time. */
export function sameSecret(given: string, expected: string | undefined): boolean {
  if (!expected || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
