// Builds the CMS (server + admin) and the site when their build output is missing or older than
// their sources, so `npm start` and `npm test` work straight after `npm ci`.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cmsDir, rootDir, webDir } from './lib/stack.mjs';

// The CMS's sources and their newest change, as the shell's commands judge its build current.
const { CMS_SOURCES, newest } = createRequire(import.meta.url)('../cms/scripts/built-cms.cjs');

const targets = [
  {
    name: 'cms',
    output: path.join(cmsDir, 'dist', 'build', 'index.html'),
    sources: CMS_SOURCES.map((name) => path.join(cmsDir, name)),
  },
  {
    name: 'web',
    output: path.join(webDir, 'build', 'server', 'main.js'),
    sources: ['app', 'server', 'public', 'package.json', 'vite.config.ts', 'react-router.config.ts'].map((name) => path.join(webDir, name)),
  },
];

const only = process.argv.slice(2);
for (const target of targets) {
  if (only.length > 0 && !only.includes(target.name)) continue;
  const built = newest(target.output);
  if (built > 0 && built >= Math.max(...target.sources.map(newest))) continue;
  console.log(`build: ${target.name} (${built ? 'sources changed' : 'not built yet'})`);
  execFileSync('npm', ['run', 'build', '-w', target.name], { cwd: rootDir, stdio: 'inherit' });
}
