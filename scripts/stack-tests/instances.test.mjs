import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRedisPrefix } from '../lib/redis-keys.mjs';
import { freePort, startCms, startWeb, stop, throwAwaySecrets, waitForFill, within } from '../lib/stack.mjs';
import { adminSession, E2E_ADMIN } from '../../web/tests/support/cms-admin.ts';
import { fakeEnglish, startFakeMyMemory } from '../../web/tests/support/fake-mymemory.ts';

const STUDIO_ENGLISH = 'The shared-cache project, as the studio names it';

// Issue 15: two site instances behind one CMS and the machine's real Redis (TEST_REDIS_URL or
// 127.0.0.1:6379, under a prefix of their own). The instances reach Redis through a TCP relay the
// test can cut and restore, which is what they see when Redis stops and comes back.
const redisTarget = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

/** A TCP relay to Redis: `cut()` drops every connection and refuses new ones, `restore()` undoes it. */
async function redisRelay() {
  const port = await freePort();
  const sockets = new Set();
  let server;
  const listen = () =>
    new Promise((resolve) => {
      server = net.createServer((socket) => {
        const upstream = net.connect(Number(redisTarget.port || 6379), redisTarget.hostname);
        for (const end of [socket, upstream]) {
          sockets.add(end);
          end.on('close', () => sockets.delete(end));
          end.on('error', () => {});
        }
        socket.pipe(upstream).pipe(socket);
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  await listen();
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut() {
      await new Promise((resolve) => {
        server.close(resolve);
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: listen,
    close: () => new Promise((resolve) => (server.listening ? server.close(resolve) : resolve())),
  };
}

describe('several site instances sharing one Redis', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'instances-'));
  const prefix = `instances-${crypto.randomBytes(4).toString('hex')}:`;
  const servers = [];
  let relay;
  let fake;
  let cms;
  let admin;
  let sites;
  let project;

  const page = async (site) => (await fetch(`${site.url}/dailyPage/project`)).text();
  const englishPage = async (site) => (await fetch(`${site.url}/en/dailyPage/project`)).text();

  beforeAll(async () => {
    fs.mkdirSync(path.join(dataDir, 'public', 'uploads'), { recursive: true });
    const secrets = throwAwaySecrets();
    const ports = [await freePort(), await freePort()];
    relay = await redisRelay();
    fake = await startFakeMyMemory(await freePort());
    // No demo seed: the test writes the one project it needs through the admin API.
    cms = await startCms({
      port: await freePort(),
      logFile: path.join(dataDir, 'cms.log'),
      env: {
        ...secrets,
        CMS_SEED: 'false',
        DATABASE_FILENAME: path.join(dataDir, 'data.db'),
        CMS_PUBLIC_DIR: path.join(dataDir, 'public'),
        CMS_ADMIN_EMAIL: E2E_ADMIN.email,
        CMS_ADMIN_PASSWORD: E2E_ADMIN.password,
        // The CMS tells one instance; Redis tells the other.
        SITE_WEBHOOK_URL: `http://127.0.0.1:${ports[0]}/_webhooks/content`,
        // Its fill's provider (issue 38): the local fake.
        TRANSLATE_URL: `${fake.url}/ok`,
        CMS_FILL_INTERVAL_MS: '200',
      },
    });
    servers.push(cms.child);
    admin = await adminSession(cms.url);
    const created = await admin.call('POST', '/content-manager/collection-types/api::project.project', { projectName: '共享缓存项目', author: '多实例' });
    project = created.data.documentId;
    await admin.publish('api::project.project', project, { projectName: '共享缓存项目', author: '多实例' });
    await waitForFill(cms.url, { secret: secrets.SITE_WEBHOOK_SECRET });
    sites = [];
    for (const [index, port] of ports.entries()) {
      const site = await startWeb({
        port,
        cmsUrl: cms.url,
        logFile: path.join(dataDir, `web-${index}.log`),
        env: {
          REDIS_URL: relay.url,
          REDIS_PREFIX: prefix,
          SITE_WEBHOOK_SECRET: secrets.SITE_WEBHOOK_SECRET,
          CONTENT_CACHE_FILE: path.join(dataDir, `content-${index}.db`),
          IMAGE_CACHE_DIR: path.join(dataDir, `images-${index}`),
          // Long enough that only a purge can explain a change showing.
          CONTENT_TTL_S: '600',
        },
      });
      servers.push(site.child);
      sites.push(site);
    }
    // Both connected to Redis before the test starts.
    for (const [index] of sites.entries()) {
      expect(await within(10_000, () => fs.readFileSync(path.join(dataDir, `web-${index}.log`), 'utf8').includes('[redis] connected'))).not.toBeNull();
    }
  }, 240_000);

  afterAll(async () => {
    for (const child of servers.reverse()) await stop(child);
    await relay?.close();
    await fake?.close();
    await deleteRedisPrefix(redisTarget.href, prefix);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a publish through the admin API shows on both instances within 5 s', async () => {
    // Both show the project before the publish, from their first page: each drew its pages with
    // their content before it took visitors (a cold CMS's first answers miss the deadline).
    for (const site of sites) expect(await page(site), site.url).toContain('共享缓存项目');
    const published = Date.now();
    await admin.publish('api::project.project', project, { projectName: '共享缓存项目（新版）' });
    for (const site of sites) {
      const seen = await within(5_000, async () => (await page(site)).includes('共享缓存项目（新版）'));
      expect(seen, site.url).not.toBeNull();
      console.log(`instances: ${site.url} shows the publish after ${seen - published} ms`);
    }
  }, 30_000);

  it('an editor’s English, published in the admin, shows on both instances within 5 s; neither site calls the provider', async () => {
    const name = fakeEnglish('共享缓存项目（新版）');
    for (const site of sites) expect(await within(5_000, async () => (await englishPage(site)).includes(name)), site.url).not.toBeNull();
    const before = fake.calls();
    const published = Date.now();
    await admin.publish('api::project.project', project, { projectName: STUDIO_ENGLISH }, 'en');
    for (const site of sites) {
      const seen = await within(5_000, async () => (await englishPage(site)).includes(STUDIO_ENGLISH));
      expect(seen, site.url).not.toBeNull();
      console.log(`instances: ${site.url} shows the editor's English after ${seen - published} ms`);
    }
    for (const site of sites) await englishPage(site);
    expect(fake.calls()).toBe(before);
  }, 30_000);

  it('with Redis gone both keep serving from their own caches, and share again when it is back', async () => {
    await relay.cut();
    for (const site of sites) {
      const response = await fetch(`${site.url}/dailyPage/project`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('共享缓存项目（新版）');
      // The English page known before the outage is still served.
      expect(await englishPage(site)).toContain(STUDIO_ENGLISH);
    }
    await relay.restore();
    for (const [index] of sites.entries()) {
      const log = path.join(dataDir, `web-${index}.log`);
      expect(await within(10_000, () => fs.readFileSync(log, 'utf8').split('[redis] connected').length > 2)).not.toBeNull();
    }
    // Purges travel again: a publish received by one instance empties the other's caches too.
    await admin.publish('api::project.project', project, { projectName: '共享缓存项目（第三版）' });
    for (const site of sites) {
      expect(await within(5_000, async () => (await page(site)).includes('共享缓存项目（第三版）')), site.url).not.toBeNull();
    }
  }, 60_000);

  it('a project made private leaves both instances within 5 s; its share link opens on both, and once revoked answers 410 on both within 5 s (issue 39)', async () => {
    const name = '共享缓存项目（第三版）';
    const detail = (site) => fetch(`${site.url}/dailyPage/project/${project}?documentId=${project}`);
    for (const site of sites) expect((await detail(site)).status).toBe(200);
    await admin.publish('api::project.project', project, { visibility: 'private' });
    for (const site of sites) {
      expect(await within(5_000, async () => !(await page(site)).includes(name) && (await detail(site)).status === 404), site.url).not.toBeNull();
    }
    const link = await admin.create('api::share-link.share-link', { label: 'Both instances', project: { connect: [{ documentId: project, locale: 'zh-Hans' }] } });
    const address = new URL(link.data.url).pathname;
    for (const site of sites) {
      const shared = await fetch(`${site.url}${address}`);
      expect(shared.status, site.url).toBe(200);
      expect(await shared.text()).toContain(name);
    }
    const revoked = Date.now();
    await admin.call('PUT', `/content-manager/collection-types/api::share-link.share-link/${link.data.documentId}`, { revoked: true });
    for (const site of sites) {
      const gone = await within(5_000, async () => (await fetch(`${site.url}${address}`)).status === 410);
      expect(gone, site.url).not.toBeNull();
      console.log(`instances: ${site.url} answers 410 for the revoked link after ${gone - revoked} ms`);
    }
    await admin.publish('api::project.project', project, { visibility: 'public' });
    for (const site of sites) expect(await within(5_000, async () => (await page(site)).includes(name)), site.url).not.toBeNull();
  }, 60_000);
});
