import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPageViews } from './page-views';

// Issue 39: what was seen, counted by the site and sent to the CMS in batches.
const SECRET = 'views-secret';
const PERSON = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36';
const batches: Array<{ views: Array<Record<string, unknown>>; opens: Array<Record<string, unknown>> }> = [];
let cmsDown = false;

let cms: http.Server;
let site: http.Server;
let siteUrl: string;
let views: ReturnType<typeof createPageViews>;

beforeAll(async () => {
  cms = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (cmsDown || req.headers.authorization !== `Bearer ${SECRET}`) return void res.writeHead(503).end();
      batches.push(JSON.parse(body) as (typeof batches)[number]);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}');
    });
  });
  await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve));
  views = createPageViews({
    cmsUrl: `http://127.0.0.1:${(cms.address() as AddressInfo).port}`,
    secret: SECRET,
    isPreview: (req) => (req.headers.cookie ?? '').includes('studio_preview='),
    now: () => new Date('2026-11-25T10:00:00Z'),
    log: () => {},
  });
  const app = express();
  app.use(views.router);
  site = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => site.once('listening', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(() => {
  site.close();
  cms.close();
});

beforeEach(() => {
  batches.length = 0;
  cmsDown = false;
});

/** A beacon as the browser sends it (`navigator.sendBeacon`: text, same origin). */
const beacon = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${siteUrl}/_views`, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': PERSON, 'sec-fetch-site': 'same-origin', ...headers } });

describe('views', () => {
  it('counts what people displayed, per page, day and language, and opens of share links, in one batch', async () => {
    for (let n = 0; n < 5; n += 1) expect((await beacon({ path: '/dailyPage/project/abc123', lang: 'zh-Hans' })).status).toBe(204);
    await beacon({ path: '/en/dailyPage/project/abc123', lang: 'en' });
    await beacon({ path: '/dailyPage/article/art9', lang: 'zh-Hans' });
    const token = 'T'.repeat(32);
    await beacon({ path: `/en/s/${token}`, lang: 'en' });
    await views.flush();
    expect(batches).toHaveLength(1);
    expect(batches[0]!.views).toEqual(
      expect.arrayContaining([
        { day: '2026-11-25', type: 'project', documentId: 'abc123', locale: 'zh-Hans', count: 5 },
        { day: '2026-11-25', type: 'project', documentId: 'abc123', locale: 'en', count: 1 },
        { day: '2026-11-25', type: 'article', documentId: 'art9', locale: 'zh-Hans', count: 1 },
      ]),
    );
    // The token never leaves the site; nothing about the visitor is sent.
    expect(batches[0]!.opens).toEqual([{ hash: createHash('sha256').update(token).digest('hex'), count: 1, at: '2026-11-25T10:00:00.000Z' }]);
    expect(JSON.stringify(batches[0])).not.toContain(token);
    expect(JSON.stringify(batches[0])).not.toContain('127.0.0.1');
  });

  it('does not count crawlers, previews, other sites, other pages or nonsense', async () => {
    const page = { path: '/dailyPage/project/abc123', lang: 'zh-Hans' };
    await beacon(page, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await beacon(page, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/141.0 Safari/537.36' });
    await beacon(page, { cookie: 'studio_preview=1.abc' });
    await beacon(page, { 'sec-fetch-site': 'cross-site' });
    await beacon({ path: '/dailyPage/profile', lang: 'zh-Hans' });
    await beacon({ path: '/dailyPage/project/abc123', lang: '<script>' });
    await beacon('not json');
    expect((await beacon('x'.repeat(5_000))).status).toBe(413);
    await views.flush();
    expect(batches).toEqual([]);
  });

  it('keeps the counts while the CMS is away and sends them once it is back', async () => {
    cmsDown = true;
    await beacon({ path: '/dailyPage/project/abc123', lang: 'zh-Hans' });
    await views.flush();
    expect(batches).toEqual([]);
    cmsDown = false;
    await beacon({ path: '/dailyPage/project/abc123', lang: 'zh-Hans' });
    await views.flush();
    expect(batches[0]!.views).toEqual([{ day: '2026-11-25', type: 'project', documentId: 'abc123', locale: 'zh-Hans', count: 2 }]);
  });
});
