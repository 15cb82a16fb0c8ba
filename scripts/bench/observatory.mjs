// The MDN HTTP Observatory's scanner (@mdn/mdn-http-observatory) against the running site, as the
// issue asks: installed from npm on first use into the machine's temporary folder, where every
// checkout finds it (a fresh clone's CI run then does not spend 37 s installing it again); its
// install scripts fetch lists from the internet, so they are skipped and the HSTS preload list is
// left empty.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const VERSION = '1.4.8';
const dir = path.join(os.tmpdir(), `studio-portfolio-observatory-${VERSION}`);
const packageDir = path.join(dir, 'node_modules', '@mdn', 'mdn-http-observatory');

function install() {
  const installed = fs.existsSync(path.join(packageDir, 'package.json')) && JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version === VERSION;
  if (!installed) {
    // Installed beside it and moved into place whole: an install cut short leaves nothing a later
    // run would take for a whole one.
    const staging = `${dir}.${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.mkdirSync(staging, { recursive: true });
    // A package.json of its own, so npm installs here and not into a workspace above.
    fs.writeFileSync(path.join(staging, 'package.json'), '{"name":"observatory-scan","private":true}\n');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    execFileSync(npm, ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-workspaces', `@mdn/mdn-http-observatory@${VERSION}`], { cwd: staging, stdio: 'inherit' });
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(staging, dir);
  }
  const preload = path.join(packageDir, 'conf', 'hsts-preload.json');
  if (!fs.existsSync(preload)) fs.writeFileSync(preload, '{}');
}

/**
 * Scans `host:port` (plain HTTP on loopback), or a host on ports 80 and 443 behind the front door:
 * grade, score, and the tests that failed. `extraCa` is a certificate authority the scanner is to
 * trust besides its own (Caddy's local one): its wrapper reads the bundle of
 * `node_extra_ca_certs_mozilla_bundle` (NODE_EXTRA_CA_CERTS), which is where it goes.
 */
export async function observatoryScan(siteUrl, { extraCa } = {}) {
  install();
  const { host } = new URL(siteUrl);
  let entry = path.join(packageDir, 'src', 'scan.js');
  if (extraCa) {
    const bundle = path.join(dir, 'node_modules', 'node_extra_ca_certs_mozilla_bundle', 'ca_bundle', 'ca_intermediate_bundle.pem');
    fs.mkdirSync(path.dirname(bundle), { recursive: true });
    fs.writeFileSync(bundle, extraCa);
    entry = path.join(packageDir, 'bin', 'wrapper.js');
  }
  const output = execFileSync(process.execPath, [entry, host.replace('127.0.0.1', 'localhost')], { encoding: 'utf8' });
  const result = JSON.parse(output);
  if (result.error) throw new Error(`Observatory scan failed: ${result.error}`);
  const failed = Object.entries(result.tests)
    .filter(([, test]) => !test.pass)
    .map(([name, test]) => `${name} (${test.result}, ${test.scoreModifier})`);
  return { grade: result.scan.grade, score: result.scan.score, failed, tests: result.tests };
}
