import { createContext } from 'react-router';

/**
 * This response's Content-Security-Policy nonce (set by the server, web/server/security): the
 * renderer puts it on every inline script and style, and the page cache swaps it for a fresh one
 * each time it sends a stored page. Empty: no nonce (a render outside the server, in tests).
 */
export const cspNonceContext = createContext<string>('');

const encoder = new TextEncoder();

/** `body` cut where `nonce` occurs (without it): a stored page that can take any nonce. */
export function splitAtNonce(body: Uint8Array<ArrayBuffer>, nonce: string | undefined): Array<Uint8Array<ArrayBuffer>> {
  if (!nonce) return [body];
  const needle = Buffer.from(encoder.encode(nonce));
  const haystack = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const parts: Array<Uint8Array<ArrayBuffer>> = [];
  let start = 0;
  for (let at = haystack.indexOf(needle, start); at !== -1; at = haystack.indexOf(needle, start)) {
    parts.push(body.subarray(start, at));
    start = at + needle.byteLength;
  }
  parts.push(body.subarray(start));
  return parts;
}

/** The stored parts joined with this response's nonce. */
export function joinWithNonce(parts: ReadonlyArray<Uint8Array<ArrayBuffer>>, nonce: string | undefined): Uint8Array<ArrayBuffer> {
  if (parts.length === 1) return parts[0]!;
  const separator = encoder.encode(nonce ?? '');
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0) + separator.byteLength * (parts.length - 1));
  let offset = 0;
  parts.forEach((part, index) => {
    if (index > 0) {
      joined.set(separator, offset);
      offset += separator.byteLength;
    }
    joined.set(part, offset);
    offset += part.byteLength;
  });
  return joined;
}
