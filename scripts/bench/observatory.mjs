// The MDN HTTP Observatory's scanner (@mdn/mdn-http-observatory) against the running site, as the
// issue asks: installed from npm on first use into .cache/observatory (its install scripts fetch
// lists from the internet, so they are skipped and the HSTS preload list is left empty).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { rootDir } from '../lib/stack.mjs';

const VERSION = '1.4.8';
const dir = path.join(rootDir, '.cache', 'observatory');
const packageDir = path.join(dir, 'node_modules', '@mdn', 'mdn-http-observatory');

function install() {
  const installed = fs.existsSync(path.join(packageDir, 'package.json')) && JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version === VERSION;
  if (!installed) {
    fs.mkdirSync(dir, { recursive: true });
    // A package.json of its own, so npm installs here and not into the workspace above.
    fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"observatory-scan","private":true}\n');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    execFileSync(npm, ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-workspaces', `@mdn/mdn-http-observatory@${VERSION}`], { cwd: dir, stdio: 'inherit' });
  }
  const preload = path.join(packageDir, 'conf', 'hsts-preload.json');
  if (!fs.existsSync(preload)) fs.writeFileSync(preload, '{}');
}

/** Scans `host:port` (plain HTTP on loopback): grade, score, and the tests that failed. */
export async function observatoryScan(siteUrl) {
  install();
  const { host } = new URL(siteUrl);
  const output = execFileSync(process.execPath, [path.join(packageDir, 'src', 'scan.js'), host.replace('127.0.0.1', 'localhost')], { encoding: 'utf8' });
  const result = JSON.parse(output);
  if (result.error) throw new Error(`Observatory scan failed: ${result.error}`);
  const failed = Object.entries(result.tests)
    .filter(([, test]) => !test.pass)
    .map(([name, test]) => `${name} (${test.result}, ${test.scoreModifier})`);
  return { grade: result.scan.grade, score: result.scan.score, failed, tests: result.tests };
}
