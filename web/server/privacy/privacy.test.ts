import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { imageEndpoint } from '../images/image-endpoint';
import { mediaProxy } from '../media/media-proxy';
import { createPrivateMedia } from './private-media';
import { guessLimit, networkOf, shareFiles, shareGate } from './share-gate';
import { createShareLinks, shareTokenOf, withoutShareToken } from './share-links';

// Issue 39 on the site: a stand-in CMS that knows one share link and one private file.
const SECRET = 'site-secret-of-the-test';
const TOKEN = 'A'.repeat(31) + 'b';
const HASH = createHash('sha256').update(TOKEN).digest('hex');
let link: 'valid' | 'gone' = 'valid';
let privateKeys = ['secret.jpg', 'small_secret.jpg'];
const asked: string[] = [];
let picture: Buffer;

function standInCms(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://cms');
  asked.push(`${req.method} ${url.pathname}${url.search}`);
  const authorized = req.headers.authorization === `Bearer ${SECRET}`;
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (url.pathname.startsWith('/api/share-links/resolve/')) {
    if (!authorized) return json(401, {});
    if (url.pathname.endsWith(HASH)) return json(200, { data: link === 'valid' ? { state: 'valid', kind: 'project', documentId: 'p1', keys: ['secret.jpg', 'small_secret.jpg'] } : { state: 'gone', reason: 'revoked' } });
    return json(404, {});
  }
  if (url.pathname === '/api/private-media') return authorized ? json(200, { data: { keys: privateKeys } }) : json(401, {});
  if (url.pathname === '/api/private-media/file') {
    if (!authorized) return json(401, {});
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(picture.length) });
    return void res.end(req.method === 'HEAD' ? undefined : picture);
  }
  if (url.pathname.startsWith('/uploads/')) {
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(picture.length) });
    return void res.end(req.method === 'HEAD' ? undefined : picture);
  }
  json(404, {});
}

let cms: http.Server;
let site: http.Server;
let siteUrl: string;
let cmsUrl: string;
let media: ReturnType<typeof createPrivateMedia>;
let links: ReturnType<typeof createShareLinks>;
let cacheDir: string;

beforeAll(async () => {
  picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c33' } }).jpeg().toBuffer();
  cms = http.createServer(standInCms).listen(0, '127.0.0.1');
  await new Promise((resolve) => cms.once('listening', resolve));
  cmsUrl = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'privacy-test-'));
  media = createPrivateMedia({ cmsUrl, secret: SECRET, refreshMs: 60_000 });
  await media.refresh();
  links = createShareLinks({ cmsUrl, secret: SECRET, ttlMs: 60_000 });
  const privateSource = { url: (key: string) => `${cmsUrl}/api/private-media/file?key=${encodeURIComponent(key)}`, headers: { authorization: `Bearer ${SECRET}` }, cacheControl: 'private, no-store' };
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use(shareGate({ links, guesses: guessLimit({ burst: 5, everyMs: 60_000 }), log: () => {} }));
  app.use('/uploads', mediaProxy(`${cmsUrl}/uploads`, { isPrivate: media.isPrivate }));
  app.use(shareFiles({ source: privateSource }));
  app.use(imageEndpoint({ mediaUrl: `${cmsUrl}/uploads`, cacheDir, isPrivate: media.isPrivate, privateSource }));
  app.get('/{*page}', (_req, res) => void res.json({ share: res.locals.share ?? null }));
  site = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => site.once('listening', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(() => {
  site.close();
  cms.close();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

beforeEach(() => {
  link = 'valid';
  links.purge();
  asked.length = 0;
});

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${siteUrl}${pathname}`, { headers });

describe('private files and share links on the site', () => {
  it('refuses a private file at /uploads and /_img however it is spelled, and serves the rest as before', async () => {
    for (const pathname of ['/uploads/secret.jpg', '/uploads/%73ecret.jpg', '/uploads/small_secret.jpg', '/_img/640/uploads/secret.jpg', '/_img/640/uploads/%73ecret.jpg']) {
      expect((await get(pathname)).status, pathname).toBe(404);
    }
    // Spellings a storage would tidy into the file's own (an empty segment) are no file's at all.
    for (const pathname of ['/uploads//secret.jpg', '/uploads/%2Fsecret.jpg', '/uploads//small_secret.jpg', '/_img/640/uploads//secret.jpg']) {
      expect((await get(pathname)).status, pathname).toBe(400);
    }
    expect(asked.filter((line) => line.includes('secret'))).toEqual([]);
    const open = await get('/uploads/public.jpg');
    expect(open.status).toBe(200);
    expect(open.headers.get('cache-control')).toContain('immutable');
    expect((await get('/_img/640/uploads/public.jpg')).status).toBe(200);
  });

  it('asks the CMS by the token’s hash, never the token, and serves the link’s files privately, nothing else', async () => {
    const page = await get(`/s/${TOKEN}`);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    expect(((await page.json()) as { share: { state: string } }).share.state).toBe('valid');
    expect(asked.some((line) => line.includes(TOKEN))).toBe(false);
    expect(asked).toContain(`GET /api/share-links/resolve/${HASH}`);

    const file = await get(`/s/${TOKEN}/uploads/secret.jpg`);
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await file.arrayBuffer()).equals(picture)).toBe(true);
    const resized = await get(`/_img/640/s/${TOKEN}/uploads/secret.jpg`, { accept: 'image/avif' });
    expect(resized.status).toBe(200);
    expect(resized.headers.get('content-type')).toBe('image/avif');
    expect(resized.headers.get('cache-control')).toBe('private, no-store');
    // A file the link does not show, even a public one, is not the link's to serve.
    expect((await get(`/s/${TOKEN}/uploads/public.jpg`)).status).toBe(404);
    // Made once, its variant is still refused at the public address.
    expect((await get('/_img/640/uploads/secret.jpg', { accept: 'image/avif' })).status).toBe(404);
  });

  it('answers 410 for the page and files of a link that no longer opens, once the CMS says so', async () => {
    expect((await get(`/s/${TOKEN}/uploads/secret.jpg`)).status).toBe(200);
    link = 'gone';
    // Until the next publish (or the answer's time is up) the last answer stands; the purge asks again.
    links.purge();
    for (const pathname of [`/s/${TOKEN}/uploads/secret.jpg`, `/_img/640/s/${TOKEN}/uploads/secret.jpg`]) {
      const gone = await get(pathname);
      expect(gone.status, pathname).toBe(410);
      expect(await gone.text()).toBe('This link is no longer valid.');
    }
    expect(((await (await get(`/en/s/${TOKEN}`)).json()) as { share: { state: string } }).share.state).toBe('gone');
  });

  it('slows one client trying tokens down to 429, and nobody else', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 12; n += 1) {
      const guess = `${String(n).padStart(2, '0')}${'x'.repeat(30)}`;
      const answer = await get(`/s/${guess}`, { 'x-forwarded-for': '203.0.113.7' });
      statuses.push(answer.status === 200 ? (((await answer.json()) as { share: { state: string } }).share.state === 'unknown' ? 404 : 200) : answer.status);
    }
    // Its allowance (5 here) answered as any unknown address, then 429.
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
    // Once slowed, its guesses are not even looked up, in whatever spelling the router accepts.
    const lookups = asked.length;
    // An encoded slash stays in its segment, as the router reads it: `/s/ab%2Fcd` is the token `ab/cd`.
    for (const spelling of [`/s/${'z'.repeat(32)}`, `/S/${'z'.repeat(32)}`, `/%73/${'z'.repeat(32)}.data`, `/en/S/${'z'.repeat(32)}`, `/s/${'z'.repeat(16)}%2F${'z'.repeat(15)}`, '/en/s/abc%2fdef.data']) {
      expect((await get(spelling, { 'x-forwarded-for': '203.0.113.7' })).status, spelling).toBe(429);
    }
    expect(asked.length).toBe(lookups);
    // One machine's IPv6 addresses share one allowance (its /64).
    for (let n = 0; n < 12; n += 1) await get(`/S/${String(n).padStart(2, '0')}${'y'.repeat(30)}`, { 'x-forwarded-for': `2001:db8:1:2::${n + 1}` });
    expect((await get(`/s/${'w'.repeat(32)}`, { 'x-forwarded-for': '2001:db8:1:2:ffff::9' })).status).toBe(429);
    // Another visitor opens the link as before.
    expect((await get(`/s/${TOKEN}`, { 'x-forwarded-for': '198.51.100.2' })).status).toBe(200);
  });

  it('learns a newly private file when asked again (a publish, or every few seconds)', async () => {
    expect((await get('/uploads/later.jpg')).status).toBe(200);
    privateKeys = [...privateKeys, 'later.jpg'];
    await media.refresh();
    expect((await get('/uploads/later.jpg')).status).toBe(404);
    privateKeys = privateKeys.filter((key) => key !== 'later.jpg');
    await media.refresh();
    expect((await get('/uploads/later.jpg')).status).toBe(200);
  });

  it('counts an IPv6 client by its /64 and an IPv4 one by itself', () => {
    expect(networkOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('198.51.100.2')).toBe('198.51.100.2');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
  });

  it('reads a token as the router does, an encoded slash inside it, and keeps it out of the log', () => {
    // React Router matches `/s/:token` for these and hands the page the token shown.
    expect(shareTokenOf(`/s/${TOKEN}`)).toBe(TOKEN);
    expect(shareTokenOf('/en/s/abc%2Fdef.data')).toBe('abc/def');
    expect(shareTokenOf('/S/%2Fabc')).toBe('/abc');
    expect(shareTokenOf(`/_img/640/s/ab%2fcd/uploads/secret.jpg`)).toBe('ab/cd');
    // Not a share link's address: more segments than its pattern has.
    expect(shareTokenOf('/s/abc/def')).toBeUndefined();
    expect(shareTokenOf('/dailyPage/project/abc%2Fdef')).toBeUndefined();
    expect(withoutShareToken(`/en/s/${TOKEN}%2F.data`)).toBe('/en/s/:token.data');
  });
});
