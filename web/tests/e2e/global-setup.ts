import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseKind, temporaryDatabase } from '../../../scripts/lib/databases.mjs';
import { publicStorageEnv, storageKind, temporaryStorage } from '../../../scripts/lib/object-storage.mjs';
import { freePort, startCms, startWeb, stop, throwAwaySecrets, waitForFill } from '../../../scripts/lib/stack.mjs';
import { E2E_ADMIN } from '../support/cms-admin';
import { startFakeMyMemory } from '../support/fake-mymemory';
import { pageAddresses } from '../../app/pages';

/**
 * Starts the real stack once for all end-to-end tests; returns its teardown. The CMS's database is
 * SQLite, or with E2E_DATABASE=postgres (as `npm test` runs it) a fresh PostgreSQL database; its
 * uploads in its folder, or with E2E_STORAGE=s3 (as `npm test` runs it) in a moto_server bucket.
 */
export default async function globalSetup() {
  const webPort = Number(process.env.E2E_WEB_PORT ?? 3210);
  const cmsPort = Number(process.env.E2E_CMS_PORT ?? 1437);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-'));
  fs.mkdirSync(path.join(dataDir, 'public', 'uploads'), { recursive: true });
  const database = await temporaryDatabase(databaseKind('E2E_DATABASE'), { dataDir, label: 'e2e' });
  const storage = await temporaryStorage(storageKind('E2E_STORAGE'), { label: 'e2e' });
  // The site finds the bucket's public objects with the CMS's S3_* variables, never its keys.
  const mediaEnv = publicStorageEnv(storage.env);
  console.log(`e2e: the CMS runs on ${database.kind}${database.name ? ` (database ${database.name})` : ''}, media in ${storage.kind === 's3' ? `bucket ${storage.bucket}` : 'its folder'}`);

  const secrets = throwAwaySecrets();
  // The translation provider the CMS's fill calls (issue 38) is a local fake (never the internet),
  // one the tests can take down and bring back (its `/switch` mode).
  const fake = await startFakeMyMemory(await freePort());
  // The CMS tells the main site about every publish, as under npm start.
  const cms = await startCms({
    port: cmsPort,
    logFile: path.join(dataDir, 'cms.log'),
    env: {
      ...secrets,
      ...database.env,
      ...storage.env,
      CMS_PUBLIC_DIR: path.join(dataDir, 'public'),
      CMS_ADMIN_EMAIL: E2E_ADMIN.email,
      CMS_ADMIN_PASSWORD: E2E_ADMIN.password,
      SITE_WEBHOOK_URL: `http://127.0.0.1:${webPort}/_webhooks/content`,
      // The admin's preview links open the site here.
      SITE_URL: `http://127.0.0.1:${webPort}`,
      TRANSLATE_URL: `${fake.url}/switch`,
      // A failed fill is tried again soon (the provider-down test waits for it).
      CMS_FILL_RETRY_MS: '500',
      CMS_FILL_MAX_RETRY_MS: '3000',
      CMS_FILL_INTERVAL_MS: '250',
    },
  });
  // The operator's listener (metrics and the deep health report), never the public port.
  const metricsPort = await freePort();
  const web = await startWeb({
    port: webPort,
    cmsUrl: cms.url,
    logFile: path.join(dataDir, 'web.log'),
    env: {
      ...mediaEnv,
      CONTENT_CACHE_FILE: path.join(dataDir, 'content.db'),
      IMAGE_CACHE_DIR: path.join(dataDir, 'images'),
      SITE_WEBHOOK_SECRET: secrets.SITE_WEBHOOK_SECRET,
      PREVIEW_SECRET: secrets.PREVIEW_SECRET,
      // Canonical links, link previews and the sitemap name this address.
      PUBLIC_URL: `http://127.0.0.1:${webPort}`,
      METRICS_PORT: String(metricsPort),
      // Two browsers share the machine's two cores with the CMS here: an answer can take longer
      // than a visitor's 1.5 s without anything being wrong, and a page drawn past the deadline
      // shows its empty state (an unknown id then answers 200, a project has no "next"). What the
      // deadline does is tested where it is set on purpose (ops/resilience.spec.ts, site.test.ts).
      CONTENT_DEADLINE_MS: '6000',
    },
  });
  // Every page in every locale is walked: first the machine fills English (seeded content, the
  // pictures' words, the interface), as it would within a minute of a studio's first start.
  const took = await waitForFill(cms.url, { secret: secrets.SITE_WEBHOOK_SECRET, locales: ['en'] });
  console.log(`e2e: the CMS filled English in ${(took / 1000).toFixed(1)} s`);
  const warmed = await warmPages(`http://127.0.0.1:${webPort}`, ['', '/en']);
  console.log(`e2e: every page had its content after ${(warmed / 1000).toFixed(1)} s`);
  process.env.E2E_CMS_URL = cms.url;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_MEDIA_ENV = JSON.stringify(mediaEnv);
  process.env.E2E_STORAGE_KIND = storage.kind;
  process.env.E2E_FAKE_MYMEMORY_URL = fake.url;
  process.env.E2E_METRICS_URL = `http://127.0.0.1:${metricsPort}`;
  process.env.E2E_PREVIEW_SECRET = secrets.PREVIEW_SECRET;
  process.env.E2E_WEBHOOK_SECRET = secrets.SITE_WEBHOOK_SECRET;

  return async () => {
    await stop(web.child);
    await fake.close();
    await stop(cms.child);
    await database.drop();
    await storage.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * Asks for each page (without an id) under each prefix until the site answers it with its
 * content, not with the empty state it draws when the CMS misses its deadline (`no-store`, never
 * cached): the first visitors after a start wait for a cold CMS, on a loaded machine for longer
 * than the deadline. The layout tests are about the pages; a cold start and an outage have their
 * own tests (ops/). A page still without its content after a minute stops the run, named.
 */
async function warmPages(siteUrl: string, prefixes: string[], deadlineMs = 60_000): Promise<number> {
  const started = Date.now();
  const addresses = pageAddresses().filter((page) => !page.private && !page.pattern.includes(':'));
  for (const prefix of prefixes) {
    for (const { pattern } of addresses) {
      const address = `${prefix}${pattern === '/' && prefix ? '' : pattern}`;
      for (;;) {
        const response = await fetch(`${siteUrl}${address}`, { redirect: 'manual' });
        await response.arrayBuffer();
        if (response.headers.get('cache-control') !== 'no-store') break;
        if (Date.now() - started > deadlineMs) throw new Error(`e2e: ${address} still drawn without its content after ${deadlineMs / 1000} s (see the site's log)`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }
  return Date.now() - started;
}
