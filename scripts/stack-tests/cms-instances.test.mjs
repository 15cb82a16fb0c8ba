import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDatabase } from '../lib/databases.mjs';
import { publicStorageEnv, temporaryStorage } from '../lib/object-storage.mjs';
import { deleteRedisPrefix } from '../lib/redis-keys.mjs';
import { cmsDir, freePort, startCms, startWeb, stop, throwAwaySecrets, waitForFill, within } from '../lib/stack.mjs';
import { adminSession, E2E_ADMIN } from '../../web/tests/support/cms-admin.ts';
import { sampleOf } from '../../web/tests/support/prometheus-text.ts';
import { fakeEnglish, startFakeMyMemory } from '../../web/tests/support/fake-mymemory.ts';

// Issue 29: two CMS instances on one PostgreSQL database and one bucket (a loopback moto_server),
// two site instances on one Redis. One CMS leads: it alone seeds, syncs and runs the jobs.
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const { Client } = createRequire(path.join(cmsDir, 'package.json'))('pg');

describe('two CMS instances on one database and one bucket, two sites on one Redis', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-instances-'));
  const prefix = `cms-instances-${crypto.randomBytes(4).toString('hex')}:`;
  const log = (name) => fs.readFileSync(path.join(dataDir, `${name}.log`), 'utf8');
  let database;
  let storage;
  let cmses = [];
  let sites = [];
  let db;
  let metricsPorts;
  let fake;
  let secrets;
  const scrape = async (index) => (await fetch(`http://127.0.0.1:${metricsPorts[index]}/metrics`)).text();

  const projects = async (cms) => (await fetch(`${cms.url}/api/projects?fields[0]=projectName&sort[0]=projectName:asc`)).json();

  beforeAll(async () => {
    database = await temporaryDatabase('postgres', { dataDir, label: 'instances' });
    storage = await temporaryStorage('s3', { label: 'instances' });
    secrets = throwAwaySecrets();
    fake = await startFakeMyMemory(await freePort());
    const sitePorts = [await freePort(), await freePort()];
    metricsPorts = [await freePort(), await freePort()];
    // Both CMS instances start at once on the empty database, as a deploy of two machines would.
    cmses = await Promise.all(
      ['cms-a', 'cms-b'].map(async (name) => {
        fs.mkdirSync(path.join(dataDir, name, 'uploads'), { recursive: true });
        return startCms({
          port: await freePort(),
          logFile: path.join(dataDir, `${name}.log`),
          timeoutMs: 600_000,
          env: {
            ...secrets,
            ...database.env,
            ...storage.env,
            CMS_PUBLIC_DIR: path.join(dataDir, name),
            CMS_ADMIN_EMAIL: E2E_ADMIN.email,
            CMS_ADMIN_PASSWORD: E2E_ADMIN.password,
            SITE_WEBHOOK_URL: `http://127.0.0.1:${sitePorts[0]}/_webhooks/content`,
            CMS_LEADER_RETRY_MS: '1000',
            // The fill's provider (issue 38), the same for both: which of them calls it is the test.
            TRANSLATE_URL: `${fake.url}/ok`,
            CMS_FILL_INTERVAL_MS: '200',
          },
        });
      }),
    );
    sites = await Promise.all(
      sitePorts.map((port, index) =>
        startWeb({
          port,
          cmsUrl: cmses[index].url,
          logFile: path.join(dataDir, `web-${index}.log`),
          env: {
            ...publicStorageEnv(storage.env),
            REDIS_URL: redisUrl,
            REDIS_PREFIX: prefix,
            SITE_WEBHOOK_SECRET: secrets.SITE_WEBHOOK_SECRET,
            CONTENT_CACHE_FILE: path.join(dataDir, `content-${index}.db`),
            IMAGE_CACHE_DIR: path.join(dataDir, `images-${index}`),
            // Long enough that only a purge can explain a change showing.
            CONTENT_TTL_S: '600',
            METRICS_PORT: String(metricsPorts[index]),
          },
        }),
      ),
    );
    db = new Client({ connectionString: database.env.DATABASE_URL });
    await db.connect();
  }, 700_000);

  afterAll(async () => {
    await db?.end();
    await fake?.close();
    for (const server of [...sites, ...cmses]) await stop(server?.child);
    await storage?.stop();
    await database?.drop();
    await deleteRedisPrefix(redisUrl, prefix);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('one instance seeds and syncs, the other waits its turn and then serves the same studio', async () => {
    const logs = [log('cms-a'), log('cms-b')];
    expect(logs.filter((text) => text.includes('Seeding the demo studio'))).toHaveLength(1);
    expect(logs.filter((text) => text.includes('] this instance') && text.includes('leads'))).toHaveLength(1);
    expect(logs.filter((text) => text.includes('another instance leads'))).toHaveLength(1);
    // One site webhook, one of each public permission: nothing made twice.
    expect((await db.query("SELECT count(*)::int AS n FROM strapi_webhooks WHERE name = 'Site: refresh on publish'")).rows[0].n).toBe(1);
    const twice = await db.query('SELECT p.action, count(*)::int AS n FROM up_permissions p JOIN up_permissions_role_lnk l ON l.permission_id = p.id GROUP BY l.role_id, p.action HAVING count(*) > 1');
    expect(twice.rows).toEqual([]);
    const [a, b] = await Promise.all(cmses.map(projects));
    expect(a.data.length).toBeGreaterThan(10);
    expect(b).toEqual(a);
  });

  it('the leader alone fills the other locales (issue 38): English is whole, and only the leader called the provider', async () => {
    await waitForFill(cmses[1].url, { secret: secrets.SITE_WEBHOOK_SECRET, timeoutMs: 300_000 });
    const [leader, other] = log('cms-a').includes('] this instance') ? ['cms-a', 'cms-b'] : ['cms-b', 'cms-a'];
    expect(log(leader)).toMatch(/\[fill\] project \S+ → en: \d+ characters/);
    expect(log(other)).not.toMatch(/\[fill\]/);
    const [first] = (await projects(cmses[0])).data;
    const english = await (await fetch(`${cmses[1].url}/api/projects/${first.documentId}?locale=en`)).json();
    expect(english.data.projectName).toBe(fakeEnglish(first.projectName));
  }, 320_000);

  it('keeps every upload in the bucket, none on either machine, and both sites show them', async () => {
    const keys = new Set((await storage.keys()).map((key) => key.slice(key.lastIndexOf('/') + 1)));
    // Every file the studio has (the seed's ~140 pictures and videos), each with its formats.
    const { rows } = await db.query('select url, formats from files');
    expect(rows.length).toBeGreaterThan(100);
    for (const { url, formats } of rows) {
      for (const kept of [url, ...Object.values(formats ?? {}).map((format) => format.url)]) expect(keys.has(kept.slice(kept.lastIndexOf('/') + 1)), kept).toBe(true);
    }
    for (const name of ['cms-a', 'cms-b']) expect(fs.readdirSync(path.join(dataDir, name, 'uploads'))).toEqual([]);
    const html = await (await fetch(`${sites[1].url}/dailyPage/project`)).text();
    const picture = /\/_img\/\d+\/uploads\/[^"\s?]+/.exec(html)?.[0];
    expect(picture).toBeTruthy();
    for (const site of sites) {
      const response = await fetch(`${site.url}${picture}`, { headers: { accept: 'image/avif' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/avif');
      await response.arrayBuffer();
    }
  });

  it('an editor signed in on either instance publishes, and every site shows it within 5 s, told once', async () => {
    for (const [index, cms] of cmses.entries()) {
      const admin = await adminSession(cms.url);
      const [first] = (await projects(cms)).data;
      const name = `${first.projectName}（第${index + 1}版）`;
      const deliveries = () => (log('web-0').match(/\[webhook\] /g) ?? []).length;
      const before = deliveries();
      await admin.publish('api::project.project', first.documentId, { projectName: name });
      for (const site of sites) {
        expect(await within(5_000, async () => (await (await fetch(`${site.url}/dailyPage/project`)).text()).includes(name)), `${site.url} via ${cms.url}`).not.toBeNull();
      }
      // The instance that saved it told the site; the other did not tell it again. (The leader's
      // fill of the English tells it too: counted once it is done.)
      await waitForFill(cms.url, { secret: secrets.SITE_WEBHOOK_SECRET });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const told = deliveries() - before;
      expect(told).toBeGreaterThan(0);
      if (index === 0) cmses.told = told;
      else expect(told).toBe(cmses.told);
    }
  }, 60_000);

  it('an operator sees each site\'s requests, cache and CMS calls in its metrics, and one request id from the site to the CMS', async () => {
    const before = await scrape(1);
    const count = (text, name, labels) => sampleOf(text, name, labels) ?? 0;
    const [project] = (await projects(cmses[1])).data;
    const id = `stack-${crypto.randomBytes(6).toString('hex')}`;
    // A project this site has not shown yet: its CMS call is made for this very page view.
    const view = await fetch(`${sites[1].url}/dailyPage/project/${project.documentId}`, { headers: { 'x-request-id': id } });
    expect(view.status).toBe(200);
    expect(view.headers.get('x-request-id')).toBe(id);
    await view.text();
    for (let n = 0; n < 3; n += 1) await (await fetch(`${sites[1].url}/dailyPage/project/${project.documentId}`)).text();
    const after = await scrape(1);
    expect(count(after, 'http_requests_total', { route: '/dailyPage/project/:id', status: '200' }) - count(before, 'http_requests_total', { route: '/dailyPage/project/:id', status: '200' })).toBe(4);
    // The first view rendered the page, later ones were served from the page cache.
    expect(count(after, 'page_cache_events_total', { result: 'miss' }) - count(before, 'page_cache_events_total', { result: 'miss' })).toBeGreaterThan(0);
    expect(count(after, 'page_cache_events_total', { result: 'hit' }) - count(before, 'page_cache_events_total', { result: 'hit' })).toBeGreaterThan(0);
    expect(count(after, 'cms_request_duration_seconds_count', {})).toBeGreaterThan(count(before, 'cms_request_duration_seconds_count', {}));
    expect(sampleOf(after, 'redis_up', {})).toBe(1);
    // The site's log line of that view and the CMS's line of the call it made carry the same id.
    // (The site writes its log lines in batches, at the latest a quarter of a second later.)
    expect(await within(5_000, () => log('web-1').split('\n').some((line) => line.includes(id) && line.startsWith('{')))).not.toBeNull();
    expect(await within(5_000, () => log('cms-b').includes(`[${id}]`))).not.toBeNull();
    // Not on the public site.
    expect((await fetch(`${sites[1].url}/metrics`)).status).toBe(404);
  }, 30_000);

  it('when the leader stops, the other instance takes over the jobs', async () => {
    const leader = log('cms-a').includes('] this instance') ? 0 : 1;
    const other = 1 - leader;
    await stop(cmses[leader].child);
    const name = other === 0 ? 'cms-a' : 'cms-b';
    expect(await within(10_000, () => log(name).includes('] this instance'))).not.toBeNull();
    expect((await projects(cmses[other])).data.length).toBeGreaterThan(10);
    // The fill moved with the lead: a publish now is filled by the new leader.
    const admin = await adminSession(cmses[other].url);
    const [, second] = (await projects(cmses[other])).data;
    const renamed = `${second.projectName}（接管后）`;
    await admin.publish('api::project.project', second.documentId, { projectName: renamed });
    const filled = await within(20_000, async () => (await (await fetch(`${cmses[other].url}/api/projects/${second.documentId}?locale=en`)).json()).data?.projectName === fakeEnglish(renamed));
    expect(filled).not.toBeNull();
    expect(log(name)).toMatch(/\[fill\] project/);
  }, 60_000);
});
