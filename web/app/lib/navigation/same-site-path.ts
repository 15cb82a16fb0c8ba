// A backslash, or a control character (a browser drops tabs and newlines from a URL: `/\t/host`).
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const UNSAFE_CHARACTER = /[\\\u0000-\u001f\u007f]/;


/**
 * Whether `pathAndQuery` is an address on this site and nowhere else (issue 36): one leading `/`,
 * no `//` (a browser reads `//host/x` as another host), no backslash (`/\host` is `//host` to a
 * browser), no control character, and the same once percent-decoded (`/%2F%2Fhost` must not turn
 * into `///host` in a later step that decodes it). A path starting with `/` cannot carry a scheme.
 * The query and hash are not examined: after the path they cannot change the host.
 */
export function isSameSitePath(pathAndQuery: string): boolean {
  const path = pathAndQuery.split(/[?#]/, 1)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  return [path, decoded].every((candidate) => candidate.startsWith('/') && !candidate.includes('//') && !UNSAFE_CHARACTER.test(candidate));
}

