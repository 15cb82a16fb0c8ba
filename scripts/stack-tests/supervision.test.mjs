import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, rootDir, stop, throwAwaySecrets, waitForHttp } from '../lib/stack.mjs';

// `npm start` as a studio runs it (scripts/start.mjs, the production builds), on a temporary
// database and throw-away ports, with no seeding: the test is about the processes.
describe('npm start keeps both servers up', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-supervision-'));
  let start;
  let output = '';
  let webPort;
  let cmsPort;

  const pidOf = (name) => [...output.matchAll(new RegExp(`\\[start\\] ${name} running \\(pid (\\d+)\\)`, 'g'))].map((match) => Number(match[1]));
  const waitFor = async (check, ms) => {
    const deadline = Date.now() + ms;
    while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    return check();
  };

  beforeAll(async () => {
    webPort = await freePort();
    cmsPort = await freePort();
    fs.mkdirSync(path.join(dataDir, 'public', 'uploads'), { recursive: true });
    start = spawn(process.execPath, [path.join(rootDir, 'scripts', 'start.mjs')], {
      cwd: rootDir,
      env: {
        ...process.env,
        ...throwAwaySecrets(),
        PORT: String(webPort),
        HOST: '127.0.0.1',
        CMS_PORT: String(cmsPort),
        CMS_HOST: '127.0.0.1',
        CMS_SEED: 'false',
        DATABASE_FILENAME: path.join(dataDir, 'data.db'),
        CMS_PUBLIC_DIR: path.join(dataDir, 'public'),
        // Its own caches: another stack test's site runs beside it.
        CONTENT_CACHE_FILE: path.join(dataDir, 'content.db'),
        IMAGE_CACHE_DIR: path.join(dataDir, 'images'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    start.stdout.on('data', (chunk) => (output += chunk));
    start.stderr.on('data', (chunk) => (output += chunk));
    expect(await waitFor(() => pidOf('site').length === 1 || start.exitCode !== null, 180_000)).toBe(true);
    await waitForHttp(`http://127.0.0.1:${webPort}/healthz`, { timeoutMs: 10_000 });
  }, 200_000);

  afterAll(async () => {
    await stop(start);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('restarts the site when its process dies, while the CMS stays up', async () => {
    const [sitePid] = pidOf('site');
    const [cmsPid] = pidOf('cms');
    process.kill(sitePid, 'SIGKILL');

    expect(await waitFor(() => pidOf('site').length === 2, 60_000)).toBe(true);
    expect(output).toMatch(/\[start\] site stopped \(signal SIGKILL\); restarting in 1 s/);
    expect((await fetch(`http://127.0.0.1:${webPort}/healthz`)).status).toBe(200);
    expect(pidOf('cms')).toEqual([cmsPid]);
    expect((await fetch(`http://127.0.0.1:${cmsPort}/_health`)).status).toBeLessThan(300);
    expect(() => process.kill(cmsPid, 0)).not.toThrow();
  }, 90_000);
});
