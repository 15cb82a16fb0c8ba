import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDatabase } from '../lib/databases.mjs';
import { publicStorageEnv, startObjectStorage } from '../lib/object-storage.mjs';
import { builtCmsFiles, freePort, rootDir, startCms, startWeb, stop, throwAwaySecrets } from '../lib/stack.mjs';
import { ARTICLES, CATEGORIES, CONTACT, FIRST_PAGE_IMGS, PROFILES, PROJECTS, project } from '../../cms/tests/support/queries.ts';

// Issue 29: `npm run backup -- FILE` of the seeded studio (PostgreSQL, media in a bucket) while it
// serves, then `npm run restore -- FILE` into a fresh database and a fresh bucket, and into SQLite
// with the local folder: the same API answers and the same pages.

/** Runs an npm script of the root as an operator would, with `env`; resolves with its exit code and output. */
function npmRun(script, args, env) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: rootDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** An API answer without Strapi's row numbers (an import numbers rows anew; documentId is the identity). */
const withoutRowIds = (value) =>
  Array.isArray(value) ? value.map(withoutRowIds) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'id').map(([key, item]) => [key, withoutRowIds(item)])) : value;

/** A page's HTML without what differs per answer (the CSP nonce). */
const pageOf = async (site, pathname) => {
  const response = await fetch(`${site.url}${pathname}`);
  expect(response.status, pathname).toBe(200);
  return (await response.text()).replace(/nonce="[^"]*"/g, 'nonce=""');
};

describe('a backup of the studio restores into an empty database and storage', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'));
  const archive = path.join(dataDir, 'archives', 'studio.tar.gz');
  const started = [];
  const databases = [];
  let s3;
  let source;
  let sourceSite;
  let target;
  let targetSite;
  let bucket;
  let copy;
  let targetEnv;
  let backup;
  let builtBefore;
  let builtAfter;
  const served = [];

  /** A CMS (and optionally its site) on `database` with `storageEnv`. */
  async function stack(name, database, storageEnv, { site = false } = {}) {
    fs.mkdirSync(path.join(dataDir, name, 'uploads'), { recursive: true });
    const env = { ...throwAwaySecrets(), ...database.env, ...storageEnv, CMS_PUBLIC_DIR: path.join(dataDir, name) };
    const cms = await startCms({ port: await freePort(), logFile: path.join(dataDir, `${name}.log`), env, timeoutMs: 600_000 });
    started.push(cms);
    if (!site) return { cms, env };
    const web = await startWeb({
      port: await freePort(),
      cmsUrl: cms.url,
      logFile: path.join(dataDir, `${name}-site.log`),
      // One public address for both sites, so their pages can be compared byte for byte.
      env: { ...publicStorageEnv(storageEnv), PUBLIC_URL: 'http://studio.test', CONTENT_CACHE_FILE: path.join(dataDir, `${name}-content.db`), IMAGE_CACHE_DIR: path.join(dataDir, `${name}-images`) },
    });
    started.push(web);
    return { cms, env, site: web };
  }

  beforeAll(async () => {
    s3 = await startObjectStorage();
    const sourceBucket = await s3.bucket('source');
    const sourceDb = await temporaryDatabase('postgres', { dataDir, label: 'backup_source' });
    databases.push(sourceDb);
    ({ cms: source, site: sourceSite, env: copy } = await stack('source', sourceDb, sourceBucket.env, { site: true }));
    copy.bucketUrl = sourceBucket.publicUrl;

    // The site keeps serving while the backup runs.
    builtBefore = builtCmsFiles();
    let polling = true;
    const poll = (async () => {
      while (polling) served.push((await fetch(`${sourceSite.url}/dailyPage/project?media=1`)).status);
    })();
    backup = await npmRun('backup', [archive], copy);
    polling = false;
    await poll;

    bucket = await s3.bucket('restored');
    const targetDb = await temporaryDatabase('postgres', { dataDir, label: 'backup_target' });
    databases.push(targetDb);
    targetEnv = { ...throwAwaySecrets(), ...targetDb.env, ...bucket.env, CMS_PUBLIC_DIR: path.join(dataDir, 'target') };
    fs.mkdirSync(path.join(dataDir, 'target', 'uploads'), { recursive: true });
    const restored = await npmRun('restore', [archive], targetEnv);
    expect(restored.code, restored.output).toBe(0);
    builtAfter = builtCmsFiles();
    ({ cms: target, site: targetSite } = await stack('target', targetDb, bucket.env, { site: true }));
  }, 900_000);

  afterAll(async () => {
    for (const server of started.reverse()) await stop(server.child);
    await s3?.stop();
    for (const database of databases) await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes one archive while the site keeps answering', () => {
    expect(backup.code, backup.output).toBe(0);
    expect(fs.statSync(archive).size).toBeGreaterThan(1_000_000);
    expect(served.length).toBeGreaterThan(0);
    expect(served.every((status) => status === 200)).toBe(true);
  });

  it('leaves the built CMS as it is, which a CMS starting meanwhile reads', () => {
    // Strapi's own export and import compile it again, rewriting about a hundred of its files.
    expect(builtAfter).toEqual(builtBefore);
  });

  it('gives the same API answers, with every media file in the new bucket', async () => {
    const [first] = (await (await fetch(`${source.url}${PROJECTS}`)).json()).data;
    const queries = [PROJECTS, ARTICLES, CATEGORIES, FIRST_PAGE_IMGS, PROFILES, CONTACT, project(first.documentId)];
    for (const query of queries) {
      const before = (await (await fetch(`${source.url}${query}`)).text()).replaceAll(copy.bucketUrl, bucket.publicUrl);
      const after = await (await fetch(`${target.url}${query}`)).text();
      expect(withoutRowIds(JSON.parse(after)), query).toEqual(withoutRowIds(JSON.parse(before)));
    }
    expect(new Set(await s3.keys(bucket.name))).toEqual(new Set(await s3.keys(copy.S3_BUCKET)));
    expect(fs.readFileSync(path.join(dataDir, 'target.log'), 'utf8')).not.toMatch(/Seeding the demo studio/);
  }, 60_000);

  it('shows the same pages, pictures included', async () => {
    const [first] = (await (await fetch(`${source.url}${PROJECTS}`)).json()).data;
    // (The landing is left out: it shows its backgrounds in a new random order on every render.)
    for (const pathname of ['/dailyPage/project', `/dailyPage/project/${first.documentId}`, '/dailyPage/article', '/dailyPage/profile']) {
      expect(await pageOf(targetSite, pathname), pathname).toBe(await pageOf(sourceSite, pathname));
    }
    const picture = /\/_img\/\d+\/uploads\/[^"\s?]+/.exec(await pageOf(targetSite, '/dailyPage/project'))?.[0];
    const response = await fetch(`${targetSite.url}${picture}`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  }, 60_000);

  it('refuses to restore over a studio, and restores into SQLite with the local folder too', async () => {
    const again = await npmRun('restore', [archive], targetEnv);
    expect(again.code).not.toBe(0);
    expect(again.output).toMatch(/already holds a studio/);

    const sqlite = await temporaryDatabase('sqlite', { dataDir: fs.mkdtempSync(path.join(dataDir, 'sqlite-')) });
    const local = { ...throwAwaySecrets(), ...sqlite.env, CMS_PUBLIC_DIR: path.join(dataDir, 'local') };
    fs.mkdirSync(path.join(dataDir, 'local', 'uploads'), { recursive: true });
    const restored = await npmRun('restore', [archive], local);
    expect(restored.code, restored.output).toBe(0);
    const { cms } = await stack('local', sqlite, {});
    const before = (await (await fetch(`${source.url}${PROJECTS}`)).text()).replaceAll(`${copy.bucketUrl}/`, '/uploads/');
    expect(withoutRowIds(JSON.parse(await (await fetch(`${cms.url}${PROJECTS}`)).text()))).toEqual(withoutRowIds(JSON.parse(before)));
    expect(fs.readdirSync(path.join(dataDir, 'local', 'uploads')).length).toBe((await s3.keys(copy.S3_BUCKET)).length);
  }, 600_000);
});
