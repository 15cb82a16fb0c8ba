// `npm start`: builds what is not built, then runs the CMS (seeded on first start) and the site
// together in production mode; Ctrl-C stops both. `npm run dev`: the same with hot reload.
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { assertSupportedNode } from './check-node.mjs';
import { cmsDir, readEnvFile, rootDir, startCms, startWeb, stop, supervise, waitForHttp } from './lib/stack.mjs';

assertSupportedNode();

const dev = process.argv.includes('--dev');
const cmsPort = Number(process.env.CMS_PORT ?? 1337);
const webPort = Number(process.env.PORT ?? 3000);
const cmsUrl = process.env.CMS_URL ?? `http://127.0.0.1:${cmsPort}`;

execFileSync(process.execPath, [path.join(cmsDir, 'scripts', 'ensure-env.mjs')], { stdio: 'inherit' });

// The CMS tells the site about every publish (its webhook), with the secret both share; the
// admin's preview opens the site at SITE_URL with the other shared secret.
const cmsEnv = readEnvFile(path.join(cmsDir, '.env'));
const webhook = {
  SITE_WEBHOOK_URL: process.env.SITE_WEBHOOK_URL ?? `http://127.0.0.1:${webPort}/_webhooks/content`,
  SITE_WEBHOOK_SECRET: process.env.SITE_WEBHOOK_SECRET ?? cmsEnv.SITE_WEBHOOK_SECRET ?? '',
  SITE_URL: process.env.SITE_URL ?? process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
  PREVIEW_SECRET: process.env.PREVIEW_SECRET ?? cmsEnv.PREVIEW_SECRET ?? '',
};
/** What the site needs of the shared secrets. */
const siteSecrets = { SITE_WEBHOOK_SECRET: webhook.SITE_WEBHOOK_SECRET, PREVIEW_SECRET: webhook.PREVIEW_SECRET };

const children = [];
const supervisors = [];
let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  await Promise.all([...supervisors.map((supervisor) => supervisor.stop()), ...children.map((child) => stop(child))]);
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

// In development both run with hot reload; one of them stopping stops both.
function watch(child) {
  children.push(child);
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`${child.name ?? 'a server'} stopped (exit code ${code}); stopping the other one.`);
      void shutdown(code || 1);
    }
  });
}

try {
  if (dev) {
    const cms = spawn('npm', ['run', 'develop', '-w', 'cms'], { cwd: rootDir, stdio: 'inherit', env: { ...process.env, ...webhook, CMS_PORT: String(cmsPort) } });
    cms.name = 'cms';
    watch(cms);
    await waitForHttp(`${cmsUrl}/_health`, { child: cms, name: 'The CMS', timeoutMs: 600_000 });
    const web = spawn('npm', ['run', 'dev', '-w', 'web'], { cwd: rootDir, stdio: 'inherit', env: { ...process.env, PORT: String(webPort), CMS_URL: cmsUrl, ...siteSecrets } });
    web.name = 'web';
    watch(web);
    await waitForHttp(`http://127.0.0.1:${webPort}/healthz`, { child: web, name: 'The site', timeoutMs: 120_000 });
  } else {
    execFileSync(process.execPath, [path.join(rootDir, 'scripts', 'build-if-needed.mjs')], { stdio: 'inherit' });
    // Each server is restarted if it exits unexpectedly, while the other keeps running. For
    // production, see the README: systemd, a container restart policy or a process manager.
    console.log('Starting the CMS (the first start seeds the demo studio, about half a minute)...');
    const cms = supervise({
      name: 'cms',
      start: () => startCms({ port: cmsPort, inherit: true, timeoutMs: 600_000, seedCache: false, env: { ...webhook, CMS_HOST: process.env.CMS_HOST ?? '127.0.0.1' } }),
    });
    supervisors.push(cms);
    await cms.start();
    const web = supervise({ name: 'site', start: () =>
        startWeb({ port: webPort, cmsUrl, inherit: true, env: { HOST: process.env.HOST ?? '127.0.0.1', ...siteSecrets } }),
    });
    supervisors.push(web);
    await web.start();
  }
  console.log(`\n  Site:  http://localhost:${webPort}\n  CMS:   http://localhost:${cmsPort}/admin\n\nPress Ctrl-C to stop both.\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
