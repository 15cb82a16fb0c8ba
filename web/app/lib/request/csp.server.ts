import { createHash } from 'node:crypto';
import { createContext } from 'react-router';

/** The hashes of a page's inline scripts and `<style>` elements, as CSP sources ('sha256-…'). */
export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

/** What a response's Content-Security-Policy allows inline (set by web/server/security). */
export interface ResponseCsp {
  /** This response's nonce: a page rendered for it carries it on every inline script and style. */
  nonce: string;
  /** The policy for a stored page sent instead: its own inline content, by hash. */
  forHashes(hashes: InlineHashes): string;
}

/** No policy: a render outside the server (tests), or a response the security middleware did not see. */
export const NO_CSP: ResponseCsp = { nonce: '', forHashes: () => '' };

export const cspContext = createContext<ResponseCsp>(NO_CSP);

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The hashes of the inline scripts and styles of server-rendered HTML. Script and style contents
 * are raw text (no entities), and React escapes `<` inside them, so each element ends at the
 * first closing tag. JSON-LD and other data blocks are not scripts a policy governs.
 */
export function inlineHashes(html: string): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const type = /\btype="([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase();
    if (/\bsrc=/i.test(attributes) || (type && type !== 'module' && !type.includes('javascript'))) continue;
    scripts.add(sha256(match[2] ?? ''));
  }
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) styles.add(sha256(match[1] ?? ''));
  return { scripts: [...scripts], styles: [...styles] };
}
