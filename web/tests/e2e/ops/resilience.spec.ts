import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../fixtures';
import { freePort, startWeb, stop, type Server } from '../../../../scripts/lib/stack.mjs';
import { startCmsStandIn } from '../../support/cms-stand-in';
import { cmsData, cmsUrl } from '../support';

test.describe.configure({ mode: 'serial' });

// A site of its own in front of a CMS stand-in that can refuse, fail and hang; a TTL of one second,
// so every view after the first needs the CMS again.
let standIn: Awaited<ReturnType<typeof startCmsStandIn>>;
let site: Server;
let dataDir: string;
let operatorUrl: string;
const siteEnv = () => ({
  ...(JSON.parse(process.env.E2E_MEDIA_ENV ?? '{}') as Record<string, string>),
  CONTENT_TTL_S: '1',
  CONTENT_DEADLINE_MS: '1000',
  // A restart while the CMS refuses waits for it this long before opening its port.
  WARM_UP_S: '2',
  CONTENT_CACHE_FILE: path.join(dataDir, 'content.db'),
});
async function startSite() {
  // The deep health report is on the operator's listener only (issue 36).
  const metricsPort = await freePort();
  operatorUrl = `http://127.0.0.1:${metricsPort}`;
  return startWeb({ port: await freePort(), cmsUrl: standIn.url, env: { ...siteEnv(), METRICS_PORT: String(metricsPort) }, logFile: path.join(dataDir, 'site.log') });
}
const waitPastTtl = () => new Promise((resolve) => setTimeout(resolve, 1_100));

/**
 * A page's status, HTML and time to the whole answer, as a visitor's browser would wait for it:
 * 5 s at most (a hang fails), or `withinMs`.
 */
async function visit(url: string, headers: Record<string, string> = {}, withinMs = 5_000) {
  const started = performance.now();
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(withinMs) });
  const html = await response.text();
  return { status: response.status, html, ms: performance.now() - started, headers: response.headers };
}

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(process.env.E2E_DATA_DIR ?? '/tmp', 'resilience-'));
  standIn = await startCmsStandIn(cmsUrl());
  site = await startSite();
});
test.afterAll(async () => {
  await stop(site?.child);
  await standIn?.close();
});

test.describe('when the CMS fails, visitors keep the last good content', () => {
  let names: string[];
  test.beforeAll(async () => {
    names = (await cmsData<Array<{ projectName: string }>>('/api/projects?fields[0]=projectName')).map((row) => row.projectName);
  });

  for (const mode of ['refuse', 'error', 'hang'] as const) {
    test(`a seen page still renders its content, at once, when the CMS ${mode === 'error' ? 'answers 503' : mode === 'refuse' ? 'refuses connections' : 'hangs'}`, async () => {
      standIn.setMode('pass');
      const seen = await visit(`${site.url}/dailyPage/project`);
      expect(seen.status).toBe(200);
      await waitPastTtl();
      standIn.setMode(mode);
      const during = await visit(`${site.url}/dailyPage/project`);
      expect(during.status).toBe(200);
      for (const name of names) expect(during.html).toContain(name);
      standIn.setMode('pass');
    });
  }

  test('a page never seen before answers quickly with its empty state, never a 5xx or a hang', async () => {
    const [article] = await cmsData<Array<{ documentId: string }>>('/api/articles?fields[0]=articleName');
    standIn.setMode('hang');
    const unseen = await visit(`${site.url}/dailyPage/article/${article!.documentId}?documentId=${article!.documentId}`);
    expect(unseen.status).toBe(200);
    expect(unseen.html).toContain('返回列表');
    expect(unseen.headers.get('cache-control')).toBe('no-store');
    standIn.setMode('pass');
  });

  test('a restarted site still serves what it served before, with the CMS refusing', async () => {
    standIn.setMode('pass');
    expect((await visit(`${site.url}/dailyPage/profile`)).status).toBe(200);
    const profiles = await cmsData<Array<{ profileName: string }>>('/api/profilelists?fields[0]=profileName');
    standIn.setMode('refuse');
    await stop(site.child);
    site = await startSite();
    // The first page a process just started draws, on two cores shared with the throttled browser of
    // the other worker: a fresh-clone run once saw it take over 5 s (no log was kept). What this test
    // asks is what the page holds, so it waits longer; the hangs are timed in the tests above.
    const after = await visit(`${site.url}/dailyPage/profile`, {}, 15_000);
    expect(after.status).toBe(200);
    for (const profile of profiles) expect(after.html).toContain(profile.profileName);
    standIn.setMode('pass');
  });

  test('the deep health check on the operator’s listener says the CMS is down, the public one only that the site answers', async () => {
    standIn.setMode('refuse');
    const health = (await (await fetch(`${operatorUrl}/healthz`)).json()) as { cms: { reachable: boolean }; content: { cachedAnswers: number } };
    expect(health.cms.reachable).toBe(false);
    expect(health.content.cachedAnswers).toBeGreaterThan(0);
    const outside = await fetch(`${site.url}/healthz?deep=1`);
    expect(outside.status).toBe(200);
    expect(await outside.text()).toBe('ok');
    standIn.setMode('pass');
    const back = (await (await fetch(`${operatorUrl}/healthz`)).json()) as { cms: { reachable: boolean } };
    expect(back.cms.reachable).toBe(true);
  });
});

test.describe('HTTP caching a CDN can use', () => {
  const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

  test('pages carry shared-cache headers and an ETag, and a revalidation gets 304', async ({ baseURL }) => {
    const first = await visit(`${baseURL}/dailyPage/article`);
    const second = await visit(`${baseURL}/dailyPage/article`);
    expect(second.headers.get('cache-control')).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+, stale-if-error=\d+/);
    const etag = second.headers.get('etag');
    expect(etag).toBeTruthy();
    // The same bytes: a stored page is sent as stored (its policy lists its inline scripts by hash).
    expect(first.html).toBe(second.html);
    const revalidated = await fetch(`${baseURL}/dailyPage/article`, { headers: { 'if-none-match': etag! } });
    expect(revalidated.status).toBe(304);
  });

  test('every page varies on the User-Agent, and a phone never gets the web layout from the cache', async ({ baseURL }) => {
    const web = await visit(`${baseURL}/dailyPage/profile`);
    const phone = await visit(`${baseURL}/dailyPage/profile`, { 'user-agent': PHONE });
    for (const answer of [web, phone]) expect(answer.headers.get('vary')).toMatch(/User-Agent/i);
    expect(web.html).toContain('data-layout="web"');
    expect(phone.html).toContain('data-layout="phone"');
  });

  test('media keep long-lived caching', async ({ baseURL }) => {
    const html = (await visit(`${baseURL}/dailyPage/project`)).html;
    const image = /\/uploads\/[^"\s]+\.(?:jpe?g|png|webp)/.exec(html)?.[0];
    expect(image).toBeTruthy();
    const response = await fetch(`${baseURL}${image}`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
