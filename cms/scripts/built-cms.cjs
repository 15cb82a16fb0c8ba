'use strict';
// The built CMS: dist/, which `npm start` and `npm run build` make and the serving CMS runs.
// Strapi's own commands compile the TypeScript again on every call (`compileStrapi()`, a whole
// `ts.createProgram().emit()`): that rewrites about a hundred files of dist/ under a CMS that is
// starting or restarting from them, and one failed so (`createPageViews is not a function`, its
// module half written). The shell's commands (`npm run admin`, `backup`, `restore`) run the built
// code instead, as `strapi start` does, and compile only where nothing is built.
const fs = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');

const appDir = path.resolve(__dirname, '..');
const distDir = path.join(appDir, 'dist');

/** `{ appDir, distDir }` for `createStrapi` when the CMS is built; otherwise null. */
function builtCms() {
  return fs.existsSync(path.join(distDir, 'src', 'index.js')) ? { appDir, distDir } : null;
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

module.exports = { builtCms, preferBuiltCms };

// Run as a program (`node built-cms.cjs export …`), it is Strapi's CLI on the built CMS.
if (require.main === module) {
  preferBuiltCms();
  require(path.join(strapiDir(), 'bin', 'strapi.js'));
}
