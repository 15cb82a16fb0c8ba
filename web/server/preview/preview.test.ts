import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowFraming, hasPreviewCookie, PREVIEW_COOKIE, previewMarker, previewRouter, previewToken } from './preview';

const SECRET = 'a-preview-secret-of-enough-length';

describe('the preview cookie', () => {
  it('is valid with the secret until it expires, and a forged or altered one is not', () => {
    const token = previewToken(SECRET, 1_000);
    expect(hasPreviewCookie(`a=b; ${PREVIEW_COOKIE}=${token}`, SECRET, 2_000)).toBe(true);
    expect(hasPreviewCookie(`${PREVIEW_COOKIE}=${token}`, SECRET, 1_000 + 3 * 60 * 60 * 1000)).toBe(false);
    expect(hasPreviewCookie(`${PREVIEW_COOKIE}=${token}`, 'another-secret-of-enough-length', 2_000)).toBe(false);
    const [expires, signature] = token.split('.');
    expect(hasPreviewCookie(`${PREVIEW_COOKIE}=${Number(expires) + 1}.${signature}`, SECRET, 2_000)).toBe(false);
    expect(hasPreviewCookie(undefined, SECRET)).toBe(false);
    expect(hasPreviewCookie(`${PREVIEW_COOKIE}=${token}`, undefined, 2_000)).toBe(false);
  });

  it('lets only the listed origins frame a preview', () => {
    expect(allowFraming("default-src 'self'; frame-ancestors 'self'", ['http://cms.test'])).toBe("default-src 'self'; frame-ancestors 'self' http://cms.test");
  });
});

describe('the preview routes', () => {
  let base: string;
  let close: () => void;
  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.setHeader('content-security-policy', "frame-ancestors 'self'");
      res.setHeader('x-frame-options', 'SAMEORIGIN');
      next();
    });
    app.use(previewRouter({ secret: SECRET, secureCookies: false }));
    app.use(previewMarker(SECRET, ['http://cms.test']));
    app.get('/page', (_req, res) => res.json({ preview: Boolean(res.locals.preview) }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const get = (path: string, cookie?: string) => fetch(`${base}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

  it('refuses a missing or wrong secret with 401 and sets nothing', async () => {
    for (const query of ['?path=/page', `?secret=wrong&path=/page`, `?secret=${SECRET}x&path=/page`]) {
      const response = await get(`/_preview${query}`);
      expect(response.status).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('refuses a path that leaves the site', async () => {
    for (const path of ['//evil.test/x', 'https://evil.test', '/\\evil.test']) {
      expect((await get(`/_preview?secret=${SECRET}&path=${encodeURIComponent(path)}`)).status).toBe(400);
    }
  });

  it('sets the cookie and goes to the page, which is then a preview: uncacheable, noindex, framable by the admin', async () => {
    const response = await get(`/_preview?secret=${SECRET}&path=${encodeURIComponent('/page?x=1')}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/page?x=1');
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const page = await get('/page', cookie.split(';')[0]);
    expect(await page.json()).toEqual({ preview: true });
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'self' http://cms.test");
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(await (await get('/page')).json()).toEqual({ preview: false });
  });

  it('leaves preview on /_preview/exit', async () => {
    const response = await get('/_preview/exit?path=/page');
    expect(response.status).toBe(302);
    expect(response.headers.get('set-cookie')).toMatch(new RegExp(`^${PREVIEW_COOKIE}=;.*Max-Age=0`));
  });

  it('is off (404) without a configured secret', async () => {
    const app = express();
    app.use(previewRouter({ secret: undefined, secureCookies: false }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/_preview?secret=x&path=/`, { redirect: 'manual' });
    expect(response.status).toBe(404);
    server.close();
  });
});
