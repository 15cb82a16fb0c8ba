/**
 * The provider takes at most 500 bytes of UTF-8 per query. Longer texts are split at sentence
 * boundaries (then clause boundaries, then anywhere) and the translations joined back.
 */
export const PROVIDER_MAX_BYTES = 500;

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

function splitAfter(text: string, pattern: RegExp): string[] {
  return text.split(pattern).filter((part) => part.length > 0);
}

function hardSplit(text: string, maxBytes: number): string[] {
  const parts: string[] = [];
  let current = '';
  for (const char of text) {
    if (bytes(current + char) > maxBytes) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  if (current) parts.push(current);
  return parts;
}

/** Pieces of at most maxBytes each that concatenate back to exactly `text`. */
export function splitForProvider(text: string, maxBytes = PROVIDER_MAX_BYTES): string[] {
  if (bytes(text) <= maxBytes) return [text];
  const levels = [/(?<=[。！？!?；;\n])/u, /(?<=[，,、：:])/u];
  const pieces = (part: string, level: number): string[] => {
    if (bytes(part) <= maxBytes) return [part];
    const pattern = levels[level];
    if (!pattern) return hardSplit(part, maxBytes);
    return splitAfter(part, pattern).flatMap((piece) => (bytes(piece) <= maxBytes ? [piece] : pieces(piece, level + 1)));
  };
  // Pack consecutive small pieces back together up to the limit: fewer provider calls.
  const packed: string[] = [];
  for (const piece of pieces(text, 0)) {
    const last = packed[packed.length - 1];
    if (last !== undefined && bytes(last + piece) <= maxBytes) packed[packed.length - 1] = last + piece;
    else packed.push(piece);
  }
  return packed;
}

/** English pieces joined with single spaces where the pieces themselves do not end in one. */
export function joinTranslations(parts: string[]): string {
  return parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}
