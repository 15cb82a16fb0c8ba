import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCms, startWeb, stop, throwAwaySecrets } from '../../../scripts/lib/stack.mjs';

/** Starts the real stack once for all end-to-end tests; returns its teardown. */
export default async function globalSetup() {
  const webPort = Number(process.env.E2E_WEB_PORT ?? 3210);
  const cmsPort = Number(process.env.E2E_CMS_PORT ?? 1437);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-'));
  fs.mkdirSync(path.join(dataDir, 'public', 'uploads'), { recursive: true });

  const cms = await startCms({
    port: cmsPort,
    logFile: path.join(dataDir, 'cms.log'),
    env: {
      ...throwAwaySecrets(),
      DATABASE_FILENAME: path.join(dataDir, 'data.db'),
      CMS_PUBLIC_DIR: path.join(dataDir, 'public'),
    },
  });
  const web = await startWeb({ port: webPort, cmsUrl: cms.url, logFile: path.join(dataDir, 'web.log') });
  process.env.E2E_CMS_URL = cms.url;

  return async () => {
    await stop(web.child);
    await stop(cms.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
