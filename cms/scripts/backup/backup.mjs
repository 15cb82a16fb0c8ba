// `npm run backup -- FILE`: one archive of the studio's content and media, while everything keeps
// serving. Strapi's own `strapi export` writes the database part (the kept tool); the media files
// are read from where they are kept (the local folder or the bucket, through its public URL) by
// this script, since Strapi's export of assets from a bucket stalls (strapi/strapi#22329, #23738).
// What is not in it, and why: docs/decisions/016-storage-locks-backups-metrics.md.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTENT, MANIFEST, MEDIA, cmsDir, objectsOf, operatorPath, strapi, tar, uploadRecords } from './archive.mjs';

const file = operatorPath(process.argv[2], 'Usage: npm run backup -- FILE   (e.g. npm run backup -- backups/studio-$(date +%F).tar.gz)');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-backup-'));
const started = Date.now();

try {
  // The CMS's database, as the running CMS has it (CMS_SEED=false: a backup never seeds anything).
  strapi(['export', '--no-encrypt', '--exclude', 'files', '--file', path.join(workDir, 'content')], { CMS_SEED: 'false' });
  const records = await uploadRecords(path.join(workDir, CONTENT), workDir);
  fs.rmSync(path.join(workDir, 'content'), { recursive: true, force: true });

  // Every file and format, from the folder or the bucket.
  const publicDir = path.resolve(cmsDir, process.env.CMS_PUBLIC_DIR ?? 'public');
  fs.mkdirSync(path.join(workDir, MEDIA));
  const objects = [];
  let bytes = 0;
  for (const record of records) {
    for (const object of objectsOf(record)) {
      let data;
      if (object.url.startsWith('/')) {
        data = fs.readFileSync(path.join(publicDir, decodeURIComponent(object.url)));
      } else {
        const response = await fetch(object.url, { signal: AbortSignal.timeout(120_000) });
        if (!response.ok) throw new Error(`${object.url} answered ${response.status}: the backup would miss it`);
        data = Buffer.from(await response.arrayBuffer());
      }
      fs.writeFileSync(path.join(workDir, MEDIA, object.key), data);
      objects.push({ key: object.key, mime: object.mime, size: data.length, sha256: crypto.createHash('sha256').update(data).digest('hex') });
      bytes += data.length;
    }
  }
  const manifest = { format: 1, createdAt: new Date().toISOString(), files: records.length, objects };
  fs.writeFileSync(path.join(workDir, MANIFEST), JSON.stringify(manifest, null, 2));

  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  await tar.c({ gzip: true, file: partial, cwd: workDir }, [MANIFEST, CONTENT, MEDIA]);
  fs.renameSync(partial, file); // a backup cut off half-way never looks complete
  console.log(`backup: ${file}: ${records.length} media files (${objects.length} objects, ${(bytes / 1024 / 1024).toFixed(1)} MB) and the content, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}
