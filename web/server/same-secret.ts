import { timingSafeEqual } from 'node:crypto';

/** Whether `given` is `expected`, compared in constant time (secrets, signatures). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
