import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerBuild } from 'react-router';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryLastGood } from './content/last-good';
import { serverConfig } from './config';
import { createHttpServer } from './http-server';
import { UI_EN } from '~/lib/language/ui-text';

type Entry = typeof import('./entry');

// The whole site from one configuration object and stand-in stores, as the composition root builds
// it in production (issue 27): no environment variable, no SQLite file, no Redis, no CMS process.
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROFILE = { documentId: 'p1', profileName: '替身工作室', profileDescribe: '一段替身的介绍。', profileIcon: null, awardimage: [], awardList: [] };
/**
 * The studio's locales in the stand-in CMS (issue 38): Chinese, the source; English, with the
 * profile's name translated and not its description yet; German, with one interface word and no
 * content. Each site of these tests reads the CMS's locales (two, or three for `threeLocales`).
 */
const ENGLISH_PROFILE = { ...PROFILE, profileName: 'Stand-in Studio', profileDescribe: null };
const GERMAN_MENU = 'Menü der Stand-in';

let vite: ViteDevServer;
let entry: Entry;
let base: string;
const closers: Array<() => void> = [];

/** A site from `env` and `standIns`, listening on loopback; its address. */
async function startSite(env: Record<string, string>, standIns: NonNullable<Parameters<Entry['createSiteApp']>[1]['standIns']>): Promise<string> {
  const { app } = entry.createSiteApp(serverConfig(env), {
    // As visitors get it: React Router sanitizes errors in production (in development a failing
    // loader's stack goes into the page for the developer).
    mode: 'production',
    before: [vite.middlewares],
    build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    standIns,
  });
  const server = createHttpServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  closers.push(() => server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const cmsCalls: string[] = [];
/** Every host the site called: only the CMS (no request a visitor makes reaches a translation provider). */
const hosts = new Set<string>();
const memory = memoryLastGood();
const kept: string[] = [];
const lastGood: typeof memory = { ...memory, set: async (key, value, at) => (kept.push(key), memory.set(key, value, at)) };

/** The CMS, answered in memory: the profile list, no categories, contact details with an address only. */
const cmsWith =
  (locales: string[]): typeof fetch =>
  async (input) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    cmsCalls.push(url.pathname);
    hosts.add(url.host);
    const locale = url.searchParams.get('locale') ?? 'zh-Hans';
    if (url.pathname === '/api/i18n/locales') return Response.json(locales.map((code, index) => ({ code, name: code, isDefault: index === 0 })));
    if (!locales.includes(locale)) return Response.json({ data: null, error: { status: 400, message: 'Invalid locale' } }, { status: 400 });
    const answers: Record<string, Record<string, unknown>> = {
      '/api/profilelists': { 'zh-Hans': [PROFILE], en: [ENGLISH_PROFILE], de: [] },
      '/api/categories': { 'zh-Hans': [], en: [], de: [] },
      '/api/contact-mess': { 'zh-Hans': { address: '替身路 1 号' } },
      '/api/ui-texts': { en: [], de: [{ key: 'menu', text: GERMAN_MENU }] },
      '/api/media-texts': { en: [], de: [] },
    };
    const data = answers[url.pathname]?.[locale];
    return new Response(JSON.stringify({ data: data ?? null }), { status: data === undefined ? 404 : 200, headers: { 'content-type': 'application/json' } });
  };
const standInCms = cmsWith(['zh-Hans', 'en']);
const threeLocales = cmsWith(['zh-Hans', 'en', 'de']);

beforeAll(async () => {
  vite = await createServer({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false },
    appType: 'custom',
    logLevel: 'silent',
    // One page's loader fails the way a bug would (issue 27: errors stay in their room).
    plugins: [
      {
        name: 'a-failing-loader',
        enforce: 'pre',
        transform(code, id) {
          if (!id.endsWith('/app/routes/article-list.tsx')) return undefined;
          return code.replace('export async function loader(', "export async function loader() {\n  throw new Error('loader exploded at /srv/site/article-list.ts:12');\n}\nexport async function unusedLoader(");
        },
      },
    ],
  });
  // Loaded through Vite like the pages, so the server and the pages share one module graph.
  entry = (await vite.ssrLoadModule('./server/entry.ts')) as Entry;
  base = await startSite(
    { LOG_LEVEL: 'warn', CMS_URL: 'http://cms.stand-in', PUBLIC_URL: 'http://studio.example', CONTENT_CACHE_FILE: '/nonexistent/never-written.db' },
    { fetch: standInCms, redis: null, lastGood},
  );
}, 120_000);

afterAll(async () => {
  for (const close of closers) close();
  await vite?.close();
});

describe('the site composed from a configuration object', () => {
  it('serves a page from the stand-in CMS, with the configured public address, keeping its copy in the stand-in store', async () => {
    const response = await fetch(`${base}/dailyPage/profile`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('替身工作室');
    expect(html).toContain('一段替身的介绍。');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/studio\.example\/dailyPage\/profile"/);
    expect(cmsCalls).toContain('/api/profilelists');
    expect(kept.some((key) => key.startsWith('/api/profilelists'))).toBe(true);
  }, 120_000);

  it('serves the English twin under /en from the CMS’s English: its interface, what is translated, the rest in Chinese marked so, with a notice', async () => {
    const response = await fetch(`${base}/en/dailyPage/profile`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="en"/);
    expect(html).toContain(ENGLISH_PROFILE.profileName);
    expect(html).not.toContain(PROFILE.profileName);
    // The description has no English yet: the Chinese, marked as Chinese, and the page says so.
    expect(html).toMatch(new RegExp(`lang="zh-Hans"[^>]*>${PROFILE.profileDescribe}`));
    expect(html).toContain(UI_EN.notTranslated);
    expect(html).toContain('aria-label="Menu"');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/studio\.example\/en\/dailyPage\/profile"/);
    expect(html).toMatch(/<link rel="alternate" hrefLang="zh-Hans" href="http:\/\/studio\.example\/dailyPage\/profile"/);
    expect(html).toMatch(/<link rel="alternate" hrefLang="en" href="http:\/\/studio\.example\/en\/dailyPage\/profile"/);
    expect(html).toMatch(/<meta property="og:locale" content="en_US"/);
    expect(cmsCalls.some((call) => call === '/api/profilelists')).toBe(true);
    // Nothing but the CMS was asked: a page never calls a translation provider (issue 38).
    expect([...hosts]).toEqual(['cms.stand-in']);
  });

  it('serves every locale the CMS has under its prefix, in its words, and an address under any other prefix as the 404 page (issue 38)', async () => {
    const site = await startSite({ LOG_LEVEL: 'warn', CMS_URL: 'http://cms.stand-in', PUBLIC_URL: 'http://studio.example', CONTENT_CACHE_FILE: '/nonexistent/never-written.db' }, { fetch: threeLocales, redis: null, lastGood: memoryLastGood() });
    const german = await raw('/de/dailyPage/profile', {}, site);
    expect(german.status).toBe(200);
    expect(german.body).toMatch(/<html lang="de"/);
    expect(german.body).toContain(`aria-label="${GERMAN_MENU}"`);
    expect(german.body).toMatch(/<meta property="og:locale" content="de_DE"/);
    expect(german.body).toMatch(/<link rel="alternate" hrefLang="de" href="http:\/\/studio\.example\/de\/dailyPage\/profile"/);
    // Nothing in German yet: the Chinese, marked.
    expect(german.body).toMatch(new RegExp(`lang="zh-Hans"[^>]*>${PROFILE.profileName}`));
    // Three languages: a menu of them in the header, each by its own name.
    expect(german.body).toMatch(/<details[^>]*data-language-menu="de"/);
    expect(german.body).toContain('>Deutsch</a>');

    // A prefix that is no locale of the studio: the 404 page in the source language, one page for all.
    const calls = cmsCalls.length;
    for (const address of ['/fr/dailyPage/profile', '/xq-nolocale', '/dailyPage/nothing', '/DE-X/login', '/fr/dailyPage/project/p1?documentId=p1']) {
      const page = await raw(address, {}, site);
      expect(page.status, address).toBe(404);
      expect(page.body, address).toMatch(/<html lang="zh-Hans"/);
      // Nothing of the address in the page every such address shares (but the development build's
      // critical-CSS address, same-site, which production pages do not have).
      const shared = page.body.replace(/\/@react-router\/critical\.css\?pathname=[^"]*/g, '');
      expect(shared, address).not.toContain(address.split('?')[0]!.split('/').slice(0, 3).join('/'));
    }
    expect(cmsCalls.length - calls).toBeLessThan(20); // rendered once, then the same page from the cache
    // A client's move to such an address: a plain 404, which it shows as the 404 page.
    const data = await raw('/fr/dailyPage/profile.data', {}, site);
    expect(data.status).toBe(404);
    // The prefix in another case is the same page at its own address.
    const upper = await raw('/DE/dailyPage/profile', {}, site);
    expect(upper.status).toBe(301);
    expect(upper.location).toBe('/de/dailyPage/profile');
  });

  it('renders an uncached page with one page-cache read and each content call read once (issue 42)', async () => {
    const site = entry.createSiteApp(
      serverConfig({ LOG_LEVEL: 'warn', CMS_URL: 'http://cms.stand-in', PUBLIC_URL: 'http://studio.example', CONTENT_CACHE_FILE: '/nonexistent/never-written.db' }),
      { mode: 'production', before: [vite.middlewares], build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>, standIns: { fetch: standInCms, redis: null, lastGood: memoryLastGood() } },
    );
    const server = createHttpServer(site.app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    closers.push(() => server.close());
    const lookups = vi.spyOn(site.pages, 'get');
    const reads = vi.spyOn(site.services.content, 'get');
    // The shell's page: the root reads the contact details for the page's metadata, the shell
    // for its panel, and every loader the studio's locales.
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/dailyPage/profile`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('替身路 1 号');
    expect(lookups).toHaveBeenCalledTimes(1);
    const calls = reads.mock.calls.map(([request]) => `${request.path}?${new URLSearchParams(Object.entries(request.query ?? {}).map(([key, value]) => [key, JSON.stringify(value)]))}`);
    expect(calls.filter((call) => call.startsWith('/api/contact-mess'))).toHaveLength(1);
    expect(calls.filter((call) => call.startsWith('/api/i18n/locales'))).toHaveLength(1);
    expect(calls).toEqual([...new Set(calls)]);
  }, 30_000);

  it('serves the second view from its page cache, without asking the CMS again', async () => {
    const before = cmsCalls.length;
    const response = await fetch(`${base}/dailyPage/profile`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('替身工作室');
    expect(cmsCalls.length).toBe(before);
  });

  it('never renders a corrupt copy read back from its stores: with the CMS down the page shows its empty state', async () => {
    // Shaped almost like the answer (a foreign writer's, or an older release's): one field is wrong.
    const garbage = { value: [{ documentId: 'x', profileName: 'planted profile', awardList: 'not a list' }], fetchedAt: Date.now() };
    const down: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    const site = await startSite(
      { LOG_LEVEL: 'warn', CMS_URL: 'http://cms.stand-in', CONTENT_DEADLINE_MS: '200' },
      { fetch: down, redis: null, lastGood: { get: async () => garbage, set: async () => {}, delete: async () => {}, close: () => {} }},
    );
    const response = await fetch(`${site}/dailyPage/profile`);
    expect(response.status).toBeLessThan(500);
    const html = await response.text();
    expect(html).not.toContain('planted');
    expect(html).toMatch(/<main/);
  });

  it("a page whose loader fails keeps the shell, answers 500 and shows the studio's error state, never the error", async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' '));
    try {
      const response = await fetch(`${base}/dailyPage/article`);
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain('aria-label="菜单"'); // the shell's menu
      expect(html).toMatch(/aria-label="CN English"/); // and its language toggle
      expect(html).toContain('页面暂时无法显示');
      expect(html).not.toMatch(/exploded|\/srv\/site|at .*\(/);
    } finally {
      console.error = original;
    }
    expect(errors.join('\n')).toContain('exploded'); // the log has it
  });

  it('never lets one visitor’s address put an off-site link into the 404 page every later visitor gets (issue 36)', async () => {
    for (const [attack, later] of [
      ['/en//evil.example/x', '/en/anything-else'],
      ['//evil.example/x', '/anything-else'],
      ['/en/%2F%2Fevil.example/x', '/en/more-else'],
      ['/en/%5Cevil.example/x', '/en/still-else'],
      // An address on the site: still nothing of it in the page the next visitor gets.
      ['/en/filled-by-someone', '/en/someone-else'],
      ['/nolocale/filled-by-someone', '/nolocale2/someone-else'],
      ['/filled-by-someone', '/someone-else'],
    ]) {
      // A site of its own each time, so the first request is the one that fills its page cache.
      const site = await startSite(
        { LOG_LEVEL: 'warn', CMS_URL: 'http://cms.stand-in', PUBLIC_URL: 'http://studio.example', CONTENT_CACHE_FILE: '/nonexistent/never-written.db' },
        { fetch: standInCms, redis: null, lastGood: memoryLastGood()},
      );
      const first = await raw(attack!, {}, site);
      expect(first.status, attack).toBe(404);
      expect(first.body, attack).not.toMatch(/href="(\/\/|\\\\|\/\\)/);
      const second = await raw(later!, {}, site);
      expect(second.cacheControl, later).toMatch(/^public/);
      expect(second.status, later).toBe(404);
      // No link, script or style from elsewhere. (The development build names the address in its
      // critical-CSS link's query, a same-site address; the production page has none of it, which
      // the end-to-end hardening test checks.)
      expect(second.body, later).not.toMatch(/(href|src|action)="(https?:)?(\/\/|\\\\|\/\\)evil/i);
      // The 404's toggle leads to the other language's home.
      expect(second.body, later).toMatch(later!.startsWith('/en/') ? /data-language="en" href="\/"/ : /data-language="zh-Hans" href="\/en"/);
    }
    // Seven sites, each started and rendering its first page in development mode: more than the
    // default 5 s on a busy machine.
  }, 30_000);

  it('renders at its own origin whatever Host and X-Forwarded-Host say, and refuses a Host that is no host (issue 36)', async () => {
    const page = await raw('/dailyPage/profile', { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<html lang="zh-Hans"/);
    expect(page.body).toMatch(/<link rel="canonical" href="http:\/\/studio\.example\/dailyPage\/profile"/);
    expect(page.body).not.toContain('evil.example');
    // A path in the Host header used to reach the render: a Chinese address rendered in English.
    expect((await raw('/dailyPage/profile', { host: `${new URL(base).host}/en` })).status).toBe(400);
    expect((await raw('/dailyPage/article/nx1', { host: 'x@y' })).status).toBe(400);
  });
});

/** A request exactly as written (fetch would not send these paths or a Host of our own). */
function raw(pathAndQuery: string, headers: Record<string, string> = {}, site = base): Promise<{ status: number; body: string; cacheControl: string; location: string }> {
  const { hostname, port } = new URL(site);
  return new Promise((resolve, reject) => {
    http
      .get({ host: hostname, port, path: pathAndQuery, headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, cacheControl: String(res.headers['cache-control'] ?? ''), location: String(res.headers.location ?? '') }));
      })
      .on('error', reject);
  });
}
