/** A single byte range of a file, resolved against its size (RFC 9110 section 14). */
export type RangeVerdict = { kind: 'none' } | { kind: 'range'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE = /^bytes=(\d*)-(\d*)$/;

/**
 * Reads a Range header against the file size. A header this server does not understand (several
 * ranges, another unit, garbage) is ignored, as RFC 9110 allows: the whole file is sent.
 */
export function resolveRange(header: string | undefined, size: number): RangeVerdict {
  const match = header ? SINGLE.exec(header.trim()) : null;
  if (!match) return { kind: 'none' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'none' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'none' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end };
}
