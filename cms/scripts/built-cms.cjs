'use strict';
// The built CMS: dist/, which `npm start` and `npm run build` make and the serving CMS runs.
// Strapi's own commands compile the TypeScript again on every call (`compileStrapi()`, a whole
// `ts.createProgram().emit()`): that rewrites about a hundred files of dist/ under a CMS that is
// starting or restarting from them, and one failed so (`createPageViews is not a function`, its
// module half written). The shell's commands (`npm run admin`, `backup`, `restore`, `seed`) run the
// built code instead, as `strapi start` does, and compile only where it is missing or older than
// its sources.
const fs = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');

const appDir = path.resolve(__dirname, '..');
const distDir = path.join(appDir, 'dist');

/** What the CMS's build is made from (scripts/build-if-needed.mjs builds when one is newer). */
const CMS_SOURCES = ['src', 'config', 'package.json', 'tsconfig.json'];

/** The newest change under `file` (a file or a folder), in ms; 0 when it does not exist. */
const newest = (file) => {
  if (!fs.existsSync(file)) return 0;
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(file).map((name) => newest(path.join(file, name))));
};

/**
 * `{ appDir, distDir }` for `createStrapi` when the CMS is built from its current sources (as
 * `npm start` leaves it: scripts/build-if-needed.mjs); otherwise null, and the caller compiles.
 * A build older than its sources (code pulled, not built yet) is not what the next start runs.
 */
function builtCms() {
  const built = newest(path.join(distDir, 'src', 'index.js'));
  const sources = Math.max(...CMS_SOURCES.map((name) => newest(path.join(appDir, name))));
  return built > 0 && built >= sources ? { appDir, distDir } : null;
}

/** Strapi's package folder, as the CMS resolves it. */
const strapiDir = () => path.dirname(require.resolve('@strapi/strapi/package.json', { paths: [appDir] }));

/**
 * Makes Strapi's own CLI in this process load the built CMS: its commands that load the app
 * (`strapi export`, `strapi import`: `createStrapiInstance`) ask `compileStrapi()` where it is.
 */
function preferBuiltCms() {
  const built = builtCms();
  if (!built) return;
  // The module object the CLI holds: @strapi/core as @strapi/strapi resolves it.
  createRequire(path.join(strapiDir(), 'package.json'))('@strapi/core').compileStrapi = async () => built;
}

module.exports = { CMS_SOURCES, builtCms, newest, preferBuiltCms };

// Run as a program (`node built-cms.cjs export …`), it is Strapi's CLI on the built CMS.
if (require.main === module) {
  preferBuiltCms();
  require(path.join(strapiDir(), 'bin', 'strapi.js'));
}
