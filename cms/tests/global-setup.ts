import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { databaseKind, temporaryDatabase } from '../../scripts/lib/databases.mjs';
import { storageKind, temporaryStorage } from '../../scripts/lib/object-storage.mjs';
import { freePort, startCms, stop, throwAwaySecrets } from '../../scripts/lib/stack.mjs';
import { ADMIN } from './support/admin';
import { startFakeMyMemory } from '../../web/tests/support/fake-mymemory';

declare module 'vitest' {
  export interface ProvidedContext {
    cmsUrl: string;
    cmsDataDir: string;
    /** One admin session for every file: Strapi allows five logins of one e-mail in five minutes. */
    adminJwt: string;
    /** The seeded database (kind, and its name or file), for a test that starts a copy. */
    cmsDatabase: { kind: 'sqlite' | 'postgres'; name?: string; file?: string };
    /** The secrets the site would share with this CMS (preview, webhook and reports). */
    sharedSecrets: { preview: string; site: string };
    /** Where uploads are kept: the local folder, or a bucket on a loopback S3-compatible server. */
    cmsStorage: { kind: 'local' | 's3'; env: Record<string, string>; endpoint?: string; bucket?: string; publicUrl?: string };
    /** The local fake of the translation provider the CMS's fill calls (its `/switch` mode). */
    fakeProvider: string;
  }
}

/**
 * A real Strapi on a temporary database and upload folder, seeded by its own first start: SQLite,
 * or with CONTRACT_DATABASE=postgres a fresh PostgreSQL database, dropped afterwards; uploads in
 * the folder, or with CONTRACT_STORAGE=s3 in a fresh bucket of a loopback moto_server.
 */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-contract-'));
  fs.mkdirSync(path.join(dataDir, 'public', 'uploads'), { recursive: true });
  const database = await temporaryDatabase(databaseKind('CONTRACT_DATABASE'), { dataDir, label: 'contract' });
  const storage = await temporaryStorage(storageKind('CONTRACT_STORAGE'), { label: 'contract' });
  const started = Date.now();
  const secrets = throwAwaySecrets();
  // The fill's provider (issue 38): a local fake of the MyMemory protocol, never the internet; the
  // tests switch it down and up. Short back-off, so a test sees a retry within seconds.
  const fake = await startFakeMyMemory(await freePort());
  const cms = await startCms({
    port: await freePort(),
    logFile: path.join(dataDir, 'cms.log'),
    env: {
      ...secrets,
      ...database.env,
      ...storage.env,
      CMS_PUBLIC_DIR: path.join(dataDir, 'public'),
      CMS_ADMIN_EMAIL: ADMIN.email,
      CMS_ADMIN_PASSWORD: ADMIN.password,
      TRANSLATE_URL: `${fake.url}/switch`,
      CMS_FILL_RETRY_MS: '300',
      CMS_FILL_MAX_RETRY_MS: '2000',
      CMS_FILL_INTERVAL_MS: '200',
    },
  });
  console.log(`contract: CMS healthy on an empty ${database.kind} database, media in ${storage.kind === 's3' ? 'a bucket' : 'its folder'} (seeded on start) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('cmsUrl', cms.url);
  const login = await fetch(`${cms.url}/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (!login.ok) throw new Error(`admin login: ${login.status}`);
  project.provide('adminJwt', ((await login.json()) as { data: { token: string } }).data.token);
  project.provide('cmsDataDir', dataDir);
  project.provide('fakeProvider', fake.url);
  project.provide('sharedSecrets', { preview: secrets.PREVIEW_SECRET, site: secrets.SITE_WEBHOOK_SECRET });
  project.provide('cmsDatabase', { kind: database.kind, name: database.name, file: database.file });
  project.provide('cmsStorage', { kind: storage.kind, env: storage.env, endpoint: storage.endpoint, bucket: storage.bucket, publicUrl: storage.publicUrl });

  return async () => {
    await stop(cms.child);
    await fake.close();
    await database.drop();
    await storage.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
