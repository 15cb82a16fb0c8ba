// Caddy from deploy/Caddyfile in front of a running site (and CMS), with Caddy's own certificate
// authority (`local_certs`) and its state in a folder of the caller's: the front door of
// docs/deploy.md as the stack test and the bench run it, on ports 80 and 443 (root, or a Caddy
// allowed to bind them).
import { spawn } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { rootDir, within } from './stack.mjs';

/** Whether `host` answers `/healthz` over HTTPS with `ca` (on loopback, whatever the name). */
const answers = (host, ca) =>
  new Promise((resolve) => {
    https
      .get({ host: '127.0.0.1', servername: host, port: 443, path: '/healthz', ca, headers: { host } }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      })
      .on('error', () => resolve(false));
  });

export async function startFrontDoor({ siteDomain = 'localhost', cmsDomain, sitePort, cmsPort = 1337, dataDir, env = {} }) {
  const logFile = path.join(dataDir, 'caddy.log');
  const log = fs.openSync(logFile, 'w');
  const child = spawn('caddy', ['run', '--config', path.join(rootDir, 'deploy', 'Caddyfile'), '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      ...env,
      SITE_DOMAIN: siteDomain,
      ...(cmsDomain ? { CMS_DOMAIN: cmsDomain } : {}),
      CADDY_LOCAL_CERTS: 'local_certs',
      SITE_PORT: String(sitePort),
      CMS_PORT: String(cmsPort),
      XDG_DATA_HOME: path.join(dataDir, 'caddy-data'),
      XDG_CONFIG_HOME: path.join(dataDir, 'caddy-config'),
    },
    stdio: ['ignore', log, log],
  });
  let failed;
  child.once('error', (error) => (failed = error));
  const root = path.join(dataDir, 'caddy-data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  let ca;
  const ready = await within(30_000, async () => {
    if (failed || child.exitCode !== null || child.signalCode !== null) return true;
    if (!fs.existsSync(root)) return false;
    ca = fs.readFileSync(root);
    return answers(siteDomain, ca);
  });
  if (failed) throw new Error(`Caddy could not be started (${failed.code ?? failed.message}): install Debian's caddy package (docs/deploy.md)`);
  if (ready === null || child.exitCode !== null || child.signalCode !== null) {
    child.kill();
    throw new Error(`Caddy (deploy/Caddyfile) did not serve https://${siteDomain}: ${fs.readFileSync(logFile, 'utf8').slice(-1500)}`);
  }
  // Chromium trusts the front door by its intermediate's key (the chain Caddy sends), so a page
  // loaded there is a secure one, as on a studio's domain (a certificate error ignored is not).
  const intermediate = fs.readFileSync(path.join(path.dirname(root), 'intermediate.crt'));
  const key = createHash('sha256').update(new X509Certificate(intermediate).publicKey.export({ type: 'spki', format: 'der' })).digest('base64');
  return { child, ca, url: `https://${siteDomain}`, chromiumTrust: `--ignore-certificate-errors-spki-list=${key}` };
}
