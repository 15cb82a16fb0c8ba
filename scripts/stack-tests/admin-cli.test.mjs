import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtCmsFiles, cmsDir, freePort, startCms, stop, throwAwaySecrets } from '../lib/stack.mjs';

// Issue 40: the studio's first admin made from the server's shell (docs/deploy.md, step 9), with
// no admin in the environment and no browser on the server.
describe('npm run admin -w cms -- create EMAIL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-cli-'));
  const env = { ...process.env, ...throwAwaySecrets(), CMS_SEED: 'false', DATABASE_FILENAME: path.join(dataDir, 'data.db'), CMS_PUBLIC_DIR: path.join(dataDir, 'public'), CMS_ADMIN_EMAIL: '', CMS_ADMIN_PASSWORD: '', TRANSLATE_URL: 'http://127.0.0.1:9/' };
  let cms;
  const admin = (args, input) => spawnSync(process.execPath, [path.join(cmsDir, 'scripts', 'admin.mjs'), ...args], { cwd: cmsDir, env, input, encoding: 'utf8', timeout: 180_000 });
  const signIn = (email, password) => fetch(`${cms.url}/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

  afterAll(async () => {
    await stop(cms?.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes an admin with a strong password it prints once, or one read from the standard input; refuses a weak one', async () => {
    fs.mkdirSync(path.join(dataDir, 'public', 'uploads'), { recursive: true });
    // The built CMS's files, which a CMS starting meanwhile reads: the command leaves them as they are.
    const before = builtCmsFiles();
    const made = admin(['create', 'owner@studio.test', '--generate']);
    expect(made.status, made.stderr).toBe(0);
    const password = /its password \(shown once[^)]*\): (\S+)/.exec(made.stdout)?.[1];
    expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{20,}$/);

    const piped = admin(['create', 'editor@studio.test', '--password-stdin'], 'Editor-Passw0rd-2026\n');
    expect(piped.status, piped.stderr).toBe(0);
    expect(piped.stdout).not.toContain('Editor-Passw0rd-2026');
    const weak = admin(['create', 'weak@studio.test', '--password-stdin'], 'password\n');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toMatch(/8 to 72 characters with a lower-case letter, an upper-case letter and a digit; nothing was created/);
    expect(admin(['create', 'not-an-address']).status).toBe(2);
    const again = admin(['create', 'Owner@studio.test', '--password-stdin'], 'Another-Passw0rd-2026\n');
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/owner@studio\.test has an account already; nothing was created/);
    expect(builtCmsFiles()).toEqual(before);

    cms = await startCms({ port: await freePort(), logFile: path.join(dataDir, 'cms.log'), env });
    expect((await signIn('owner@studio.test', password)).status).toBe(200);
    expect((await signIn('editor@studio.test', 'Editor-Passw0rd-2026')).status).toBe(200);
    expect((await signIn('weak@studio.test', 'password')).status).toBe(400);
  }, 300_000);
});
