// Stops at once, with the version needed, when the running Node.js is older than the project's
// floor (package.json "engines"): better than a native crash half-way through a start.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The lowest version `engines.node` (">=X.Y.Z") admits, as [major, minor, patch]. */
export function nodeFloor() {
  const range = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
  const match = /^>=\s*(\d+)\.(\d+)\.(\d+)/.exec(range);
  if (!match) throw new Error(`package.json engines.node "${range}" is not of the form >=X.Y.Z`);
  return match.slice(1).map(Number);
}

export function isSupported(version, floor = nodeFloor()) {
  const have = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    if (have[i] !== floor[i]) return have[i] > floor[i];
  }
  return true;
}

export function assertSupportedNode(version = process.versions.node) {
  const floor = nodeFloor();
  if (isSupported(version, floor)) return;
  const target = fs.readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
  console.error(
    `This project needs Node.js ${floor.join('.')} or newer (Node ${target.split('.')[0]} LTS recommended, see .nvmrc); ` +
      `this is Node.js ${version}.\nInstall a supported version (for example \`nvm install\` in this folder) and run the command again.`,
  );
  process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) assertSupportedNode();
