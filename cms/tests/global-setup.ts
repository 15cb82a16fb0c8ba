import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startCms, stop, throwAwaySecrets } from '../../scripts/lib/stack.mjs';
import { ADMIN } from './support/admin';

declare module 'vitest' {
  export interface ProvidedContext {
    cmsUrl: string;
    cmsDataDir: string;
  }
}

/** A real Strapi on a temporary SQLite database and upload folder, seeded by its own first start. */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-contract-'));
  fs.mkdirSync(path.join(dataDir, 'public', 'uploads'), { recursive: true });
  const started = Date.now();
  const cms = await startCms({
    port: await freePort(),
    logFile: path.join(dataDir, 'cms.log'),
    env: {
      ...throwAwaySecrets(),
      DATABASE_FILENAME: path.join(dataDir, 'data.db'),
      CMS_PUBLIC_DIR: path.join(dataDir, 'public'),
      CMS_ADMIN_EMAIL: ADMIN.email,
      CMS_ADMIN_PASSWORD: ADMIN.password,
    },
  });
  console.log(`contract: CMS healthy on an empty database (seeded on start) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('cmsUrl', cms.url);
  project.provide('cmsDataDir', dataDir);

  return async () => {
    await stop(cms.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
