// `npm run restore -- FILE`: loads an archive of `npm run backup` into an empty database and
// storage, configured as for `npm start` (DATABASE_*, S3_* or the local folder). Strapi's own
// `strapi import` restores the database part; each media file is then stored through the upload
// provider the CMS is configured with (as Strapi's import of assets would), and its record points
// at its new address. Refuses a database that already holds a studio unless given --replace.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { CONTENT, MANIFEST, MEDIA, cmsDir, objectsOf, operatorPath, strapi, tar } from './archive.mjs';

const file = operatorPath(process.argv[2], 'Usage: npm run restore -- FILE [--replace]   (into an empty database and storage)');
const replace = process.argv.includes('--replace');
if (!fs.existsSync(file)) {
  console.error(`restore: ${file} does not exist`);
  process.exit(2);
}
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-restore-'));
const started = Date.now();

try {
  await tar.x({ file, cwd: workDir });
  const manifestFile = path.join(workDir, MANIFEST);
  if (!fs.existsSync(manifestFile) || !fs.existsSync(path.join(workDir, CONTENT))) throw new Error(`${file} is not a backup of this site (no ${MANIFEST} or ${CONTENT})`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  // Every object is checked before anything is written: a damaged archive changes nothing.
  for (const object of manifest.objects) {
    const data = fs.readFileSync(path.join(workDir, MEDIA, object.key));
    if (crypto.createHash('sha256').update(data).digest('hex') !== object.sha256) throw new Error(`${object.key} in ${file} is damaged`);
  }

  strapi(['import', '--force', '--exclude', 'files', '--file', path.join(workDir, CONTENT)], {
    CMS_SEED: 'false',
    ...(replace ? {} : { CMS_RESTORE_EMPTY_ONLY: 'true' }),
  });

  // The media, through the configured provider (the folder or the bucket), then their records.
  process.chdir(cmsDir);
  process.env.CMS_SEED = 'false';
  process.env.NODE_ENV ??= 'production'; // as `strapi import` above and `npm start` run it
  const { createStrapi } = createRequire(path.join(cmsDir, 'package.json'))('@strapi/strapi');
  const app = await createStrapi({ appDir: cmsDir, distDir: path.join(cmsDir, 'dist') }).load();
  let objects = 0;
  try {
    const provider = app.plugin('upload').provider;
    const providerName = app.config.get('plugin::upload').provider;
    const records = await app.db.query('plugin::upload.file').findMany({});
    for (const record of records) {
      const formats = structuredClone(record.formats ?? {});
      let url = record.url;
      for (const object of objectsOf(record)) {
        const buffer = fs.readFileSync(path.join(workDir, MEDIA, object.key));
        const upload = { name: object.name, hash: object.hash, ext: object.ext, mime: object.mime, size: object.size, buffer, path: object.path ?? undefined };
        await provider.upload(upload);
        if (object.format) formats[object.format].url = upload.url;
        else url = upload.url;
        objects += 1;
      }
      await app.db.query('plugin::upload.file').update({ where: { id: record.id }, data: { url, formats: record.formats ? formats : record.formats, provider: providerName } });
    }
    console.log(`restore: ${file}: the content and ${records.length} media files (${objects} objects) restored in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await app.destroy();
  }
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}
process.exit(0);
