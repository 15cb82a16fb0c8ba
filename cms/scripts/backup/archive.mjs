// What backup and restore share: where Strapi is, how the archive is laid out, how Strapi's CLI runs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tar from 'tar';

export const cmsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const strapiBin = [path.join(cmsDir, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js'), path.join(cmsDir, '..', 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js')].find((file) => fs.existsSync(file));
// Strapi's CLI on the built CMS, which is serving meanwhile (../built-cms.cjs: Strapi's own
// command would compile it again under a CMS that starts).
const strapiOnBuilt = path.join(cmsDir, 'scripts', 'built-cms.cjs');

/**
 * The archive (one .tar.gz): `content.tar.gz`, Strapi's own export of the database without the
 * media files (schemas, entries, links, configuration, upload records); `media/<key>`, every
 * stored object (each file and each of its formats); `backup.json`, what is in it.
 */
export const CONTENT = 'content.tar.gz';
export const MEDIA = 'media';
export const MANIFEST = 'backup.json';

/** A path the operator typed, relative to where they ran npm (INIT_CWD), not to the workspace. */
export function operatorPath(argument, usage) {
  if (!argument || argument.startsWith('-')) {
    console.error(usage);
    process.exit(2);
  }
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), argument);
}

/**
 * Runs Strapi's CLI in the CMS folder (it reads cms/.env like `npm start` does) on the built CMS,
 * as the serving CMS runs; fails loudly.
 */
export function strapi(args, env = {}) {
  if (!strapiBin) throw new Error('Strapi is not installed: run npm ci first.');
  const result = spawnSync(process.execPath, [strapiOnBuilt, ...args], { cwd: cmsDir, stdio: 'inherit', env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production', ...env } });
  if (result.status !== 0) throw new Error(`strapi ${args[0]} failed (exit code ${result.status})`);
}

/** Every upload record in Strapi's export (JSON lines under entities/). */
export async function uploadRecords(contentArchive, workDir) {
  const dir = path.join(workDir, 'content');
  fs.mkdirSync(dir, { recursive: true });
  await tar.x({ file: contentArchive, cwd: dir });
  const entities = path.join(dir, 'entities');
  const records = [];
  for (const name of fs.existsSync(entities) ? fs.readdirSync(entities).sort() : []) {
    for (const line of fs.readFileSync(path.join(entities, name), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const entity = JSON.parse(line);
      if (entity.type === 'plugin::upload.file') records.push({ id: entity.id, ...entity.data });
    }
  }
  return records;
}

/** The objects a file is made of: itself and each format, with the key its URL ends in. */
export function objectsOf(record) {
  const parts = [{ format: null, ...record }, ...Object.entries(record.formats ?? {}).map(([format, data]) => ({ format, ...data }))];
  return parts.filter((part) => part.url).map((part) => ({ ...part, key: decodeURIComponent(part.url.slice(part.url.lastIndexOf('/') + 1)) }));
}

export { tar };
