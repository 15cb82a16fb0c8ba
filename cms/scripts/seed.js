// Seeds the demo studio into the configured database.
//   npm run seed -w cms             seed only if the database holds no studio content
//   npm run seed -w cms -- --reset  delete all studio content and uploads, then seed again
//   npm run seed -w cms -- --empty  delete all studio content and uploads, and never seed the demo:
//                                   start as your own studio (fill it in in the admin)
// CommonJS on purpose: Strapi's ESM build does not load under plain Node.
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const { compileStrapi, createStrapi } = require('@strapi/strapi');

const appDir = path.resolve(__dirname, '..');
const reset = process.argv.includes('--reset');
const empty = process.argv.includes('--empty');

async function main() {
  execFileSync(process.execPath, [path.join(appDir, 'scripts', 'ensure-env.mjs')], { stdio: 'inherit' });
  process.chdir(appDir);
  process.env.CMS_SEED = 'false'; // this script decides; the start-up seed stays out of the way

  // The built CMS when it is current (./built-cms.cjs: compiling again would rewrite dist/ under a
  // CMS that is starting from it).
  const context = require('./built-cms.cjs').builtCms() ?? (await compileStrapi({ appDir }));
  const app = await createStrapi({ ...context, serveAdminPanel: false, autoReload: false }).load();
  const { clearContent, seedIfEmpty, startEmpty } = require(path.join(context.distDir, 'src', 'bootstrap', 'seed', 'seed.js'));
  try {
    if (empty) {
      app.log.info('Removing all studio content and uploads (--empty); the demo will not be seeded again.');
      await startEmpty(app);
      return;
    }
    if (reset) {
      app.log.info('Removing all studio content and uploads (--reset)...');
      await clearContent(app);
    }
    await seedIfEmpty(app);
  } finally {
    await app.destroy();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
