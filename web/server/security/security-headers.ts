import { randomFillSync } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import onHeaders from 'on-headers';
import { NO_CSP, type InlineHashes, type ResponseCsp } from '~/lib/request/csp.server';
import { isRead } from './request-limits';

export interface SecurityOptions {
  mode: 'production' | 'development';
  /** The public address (PUBLIC_URL); `https://…` turns on HSTS and the redirect from plain HTTP. */
  publicUrl?: URL | undefined;
}

const NONCE_BYTES = 16;
// Random bytes for 256 nonces, drawn from the system's generator at once and each slice handed out
// once, as Node does for `randomUUID`: one `randomBytes(16)` per response was the largest single
// cost of a warm page (about 5 µs, and a system call, of some 120 µs; issue 41).
const pool = Buffer.alloc(NONCE_BYTES * 256);
let next = pool.length;

/** A fresh nonce per response: 16 random bytes, base64 (24 characters, always the same length). */
export function newNonce(): string {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  const nonce = pool.toString('base64', next, next + NONCE_BYTES);
  next += NONCE_BYTES;
  return nonce;
}

/** This response's policy: its nonce, and the policy for a stored page instead (set by `securityHeaders`). */
export const cspOf = (res: Response): ResponseCsp => (res.locals as { csp?: ResponseCsp }).csp ?? NO_CSP;

/**
 * The Content-Security-Policy of a response (docs/decisions/006-hardening.md). Scripts and
 * `<style>` elements run only from the site's own files or inline with this response's nonce (a
 * page rendered for it) or with one of the listed hashes (a stored page, `inline` its hashes);
 * `style` attributes stay allowed (`style-src-attr`) because the animations are driven by custom
 * properties React writes into them. The development server also allows what Vite's hot reload
 * needs: styles it injects and its WebSocket.
 */
export function contentSecurityPolicy(inline: { nonce: string } | InlineHashes, { mode, https }: { mode: SecurityOptions['mode']; https: boolean }): string {
  const dev = mode === 'development';
  const scripts = 'nonce' in inline ? [`'nonce-${inline.nonce}'`] : inline.scripts;
  const styles = 'nonce' in inline ? [`'nonce-${inline.nonce}'`] : inline.styles;
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...scripts],
    ['style-src', "'self'", ...(dev ? ["'unsafe-inline'"] : styles)],
    ['style-src-attr', "'unsafe-inline'"],
    ['img-src', "'self'", 'data:'],
    // data: for the wordmark's few letters, inline in the page's head (styles/fonts.ts).
    ['font-src', "'self' data:"],
    // media-src and (but for the development server's WebSocket) connect-src are default-src's.
    ...(dev ? [['connect-src', "'self'", 'ws:', 'wss:'] as [string, ...string[]]] : []),
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'"],
  ];
  if (https) directives.push(['upgrade-insecure-requests']);
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/**
 * Features the site never uses, switched off for it and anything it could embed. Autoplay and
 * full screen keep their default (this origin only), so they are not listed: every document
 * carries this header, and its bytes count in the first round trip (decision 022).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * What a browser can open as a page of its own (SVG and XML can carry script), and the headers
 * that only mean something there. `nosniff`, `Cross-Origin-Resource-Policy`, `Referrer-Policy`
 * (a stylesheet's font and image requests follow it) and HSTS stay on every answer.
 */
const DOCUMENT_TYPES = /^\s*(text\/html|application\/xhtml\+xml|image\/svg\+xml|(application|text)\/xml)\b/i;
const DOCUMENT_ONLY_HEADERS = ['content-security-policy', 'x-frame-options', 'permissions-policy', 'cross-origin-opener-policy'];

/** Paths that must answer over plain HTTP inside the network: load-balancer health checks. */
const NEVER_REDIRECTED = /^\/healthz(\/|$)/;

/**
 * Headers every answer carries, a fresh CSP nonce per response (`res.locals.csp`, used by the
 * page renderer; a stored page is sent with the hashes of its inline content instead), and, when the public address is HTTPS, HSTS and a redirect
 * of plain-HTTP page requests to it. Whether a request came over HTTPS is Express's `req.secure`:
 * TLS here, or `X-Forwarded-Proto: https` from a proxy the `trust proxy` setting trusts.
 */
export function securityHeaders({ mode, publicUrl }: SecurityOptions) {
  const httpsConfigured = publicUrl?.protocol === 'https:';
  return (req: Request, res: Response, next: NextFunction) => {
    const secure = req.secure;
    if (httpsConfigured && !secure && isRead(req.method) && !NEVER_REDIRECTED.test(req.path)) {
      // To the configured address, never to whatever Host the request named.
      res.redirect(308, new URL(req.originalUrl, publicUrl).href);
      return;
    }
    const nonce = newNonce();
    const https = httpsConfigured || secure;
    const csp: ResponseCsp = { nonce, forHashes: (hashes) => contentSecurityPolicy(hashes, { mode, https }) };
    (res.locals as { csp?: ResponseCsp }).csp = csp;
    res.set({
      'content-security-policy': contentSecurityPolicy({ nonce }, { mode, https }),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'SAMEORIGIN',
      'permissions-policy': PERMISSIONS_POLICY,
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    if (secure || httpsConfigured) res.set('strict-transport-security', 'max-age=63072000; includeSubDomains');
    onHeaders(res, () => {
      // A 304 keeps the body the browser already has, with the policy it came with: a new nonce
      // would block that page's scripts.
      if (res.statusCode === 304) res.removeHeader('content-security-policy');
      // The policies that govern a document are noise on a script, stylesheet, font or picture
      // (about 0.8 KB on each of a page's dozen or so requests on a phone).
      const type = res.getHeader('content-type');
      if (typeof type === 'string' && !DOCUMENT_TYPES.test(type)) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
    });
    next();
  };
}
