import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startCms, startWeb, stop, throwAwaySecrets } from '../../../scripts/lib/stack.mjs';
import { startFakeMyMemory } from '../support/fake-mymemory';

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
  // The translation provider is a local fake (never the internet): one site uses a working one,
  // a second site the same fake answering 503, for the failure tests.
  const fake = await startFakeMyMemory(await freePort());
  const web = await startWeb({
    port: webPort,
    cmsUrl: cms.url,
    logFile: path.join(dataDir, 'web.log'),
    env: { TRANSLATE_URL: `${fake.url}/ok`, TRANSLATE_CACHE_FILE: path.join(dataDir, 'translations.db') },
  });
  const failingWeb = await startWeb({
    port: await freePort(),
    cmsUrl: cms.url,
    logFile: path.join(dataDir, 'web-failing.log'),
    env: { TRANSLATE_URL: `${fake.url}/down`, TRANSLATE_CACHE_FILE: path.join(dataDir, 'translations-failing.db') },
  });
  process.env.E2E_CMS_URL = cms.url;
  process.env.E2E_FAKE_MYMEMORY_URL = fake.url;
  process.env.E2E_FAILING_WEB_URL = failingWeb.url;

  return async () => {
    await stop(failingWeb.child);
    await stop(web.child);
    await fake.close();
    await stop(cms.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
