import { createHmac } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { sameSecret } from '../same-secret';

export const PREVIEW_COOKIE = 'studio_preview';
/** How long an editor stays in preview after opening it from the CMS. */
const PREVIEW_MS = 2 * 60 * 60 * 1000;

const sign = (secret: string, expires: number) => createHmac('sha256', secret).update(`preview:${expires}`).digest('base64url');

/** The cookie value: its expiry and a signature with the preview secret (nothing to store). */
export function previewToken(secret: string, now = Date.now()): string {
  const expires = now + PREVIEW_MS;
  return `${expires}.${sign(secret, expires)}`;
}

/** Whether a Cookie header carries a valid, unexpired preview token. */
export function hasPreviewCookie(cookieHeader: string | undefined, secret: string | undefined, now = Date.now()): boolean {
  if (!cookieHeader || !secret) return false;
  const value = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${PREVIEW_COOKIE}=`))
    ?.slice(PREVIEW_COOKIE.length + 1);
  const [expires, signature] = (value ?? '').split('.');
  if (!expires || !signature || !/^\d+$/.test(expires) || Number(expires) < now) return false;
  return sameSecret(signature, sign(secret, Number(expires)));
}

/** A path on this site to go to: local, absolute, no scheme or other host. */
const safePath = (value: unknown): string | null =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') && value.length <= 2_000 ? value : null;

export interface PreviewOptions {
  /** PREVIEW_SECRET, shared with the CMS; without one, preview is off and /_preview answers 404. */
  secret: string | undefined;
  /** Cookies marked Secure and SameSite=None (the admin on another site embeds the preview). */
  secureCookies: boolean;
}

/**
 * GET /_preview?secret=…&path=/…: the CMS's preview link. A right secret sets the preview cookie
 * and goes to the page; a missing or wrong one is 401, and with no secret configured it is 404.
 * GET /_preview/exit?path=…: leaves preview. Every request that carries the cookie is a preview:
 * drafts, no caches (`private, no-store`), `noindex`.
 */
export function previewRouter({ secret, secureCookies }: PreviewOptions): Router {
  const router = express.Router();
  const cookie = (value: string, maxAgeMs: number) =>
    `${PREVIEW_COOKIE}=${value}; Path=/; HttpOnly; Max-Age=${Math.floor(maxAgeMs / 1000)}; ${secureCookies ? 'SameSite=None; Secure' : 'SameSite=Lax'}`;

  router.get('/_preview', (req, res) => {
    res.set({ 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex, nofollow' });
    if (!secret) {
      res.status(404).type('text/plain').send('Not Found');
      return;
    }
    const given = typeof req.query.secret === 'string' ? req.query.secret : '';
    if (!given || !sameSecret(given, secret)) {
      res.status(401).type('text/plain').send('Preview needs the link from the CMS (missing or wrong secret).');
      return;
    }
    const path = safePath(req.query.path);
    if (!path) {
      res.status(400).type('text/plain').send('Bad Request: path must be a page of this site.');
      return;
    }
    res.set('set-cookie', cookie(previewToken(secret), PREVIEW_MS)).redirect(302, path);
  });

  router.get('/_preview/exit', (req, res) => {
    res.set({ 'cache-control': 'private, no-store', 'set-cookie': cookie('', 0) });
    res.redirect(302, safePath(req.query.path) ?? '/');
  });
  return router;
}

/** A CSP that lets `origins` (the CMS admin's preview panel) frame the page, beside the site itself. */
export function allowFraming(csp: string, origins: readonly string[]): string {
  return origins.length === 0 ? csp : csp.replace(/frame-ancestors 'self'/, `frame-ancestors 'self' ${origins.join(' ')}`);
}

/**
 * Marks a request with a valid preview cookie (`res.locals.preview`), makes it uncacheable, and
 * lets the admin's preview panel (`frameAncestors`) show it in its frame.
 */
export function previewMarker(secret: string | undefined, frameAncestors: readonly string[] = []) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (secret && hasPreviewCookie(req.headers.cookie, secret)) {
      res.locals.preview = { secret, frameAncestors };
      res.set({ 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex, nofollow' });
      const csp = res.getHeader('content-security-policy');
      if (typeof csp === 'string') res.setHeader('content-security-policy', allowFraming(csp, frameAncestors));
      res.removeHeader('x-frame-options');
    }
    next();
  };
}
