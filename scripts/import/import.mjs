// `npm run import -- FOLDER [--dry-run] [--no-create]`: a folder of the studio's work into the CMS
// that `npm start` runs (docs/importing.md). Every file is checked first; then each project and
// article is created or updated (by its folder's name), its pictures and videos uploaded through
// the CMS's upload provider, and published, in the source language and, from `*.en.md`, in
// English. A second run changes nothing that did not change. On a problem: which file and why, a
// non-zero exit, and no project left half imported.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cmsClient, CmsError, importToken } from './cms-api.mjs';
import { readFolder } from './folder.mjs';
import { progress } from './progress.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const sharp = createRequire(path.join(rootDir, 'cms', 'package.json'))('sharp');

const TYPES = {
  project: { path: '/api/projects', uid: 'api::project.project', media: 'images', name: 'projectName' },
  article: { path: '/api/articles', uid: 'api::article.article', media: 'articleImage', name: 'articleName' },
};

/** "1 file", "3 files". */
const filesOf = (item) => `${item.media.length} ${item.media.length === 1 ? 'file' : 'files'}`;
/** The fields an import writes (and compares, to know an item is unchanged). */
const FIELDS = {
  project: ['projectName', 'author', 'addTime', 'flextype', 'description', 'visibility'],
  article: ['articleName', 'articleTime', 'articleChief', 'articleContent', 'visibility'],
};
const ENGLISH = { project: ['projectName', 'author', 'description'], article: ['articleName', 'articleChief', 'articleContent'] };
/** Each imported file notes its content's fingerprint, so a later run knows it has it already. */
const fingerprint = (sha256) => `sha256:${sha256}`;

function usage() {
  return 'Usage: npm run import -- FOLDER [--dry-run] [--no-create]   (docs/importing.md)';
}

/** Options from the command line and the environment (the CMS of `npm start` unless CMS_URL says otherwise). */
export function parseArguments(argv, env = process.env) {
  const flags = new Set(argv.filter((arg) => arg.startsWith('--')));
  const unknown = [...flags].filter((flag) => !['--dry-run', '--no-create', '--help'].includes(flag));
  const folders = argv.filter((arg) => !arg.startsWith('--'));
  if (unknown.length > 0 || folders.length !== 1 || flags.has('--help')) return { error: unknown.length ? `unknown option ${unknown.join(', ')}\n${usage()}` : usage() };
  return {
    folder: path.resolve(folders[0]),
    dryRun: flags.has('--dry-run'),
    createCategories: !flags.has('--no-create'),
    cmsUrl: (env.CMS_URL ?? `http://127.0.0.1:${env.CMS_PORT ?? 1337}`).replace(/\/+$/, ''),
    maxBytes: Number(env.CMS_UPLOAD_SIZE_LIMIT) || 200 * 1024 * 1024,
    auth: { apiToken: env.CMS_API_TOKEN, email: env.CMS_ADMIN_EMAIL, password: env.CMS_ADMIN_PASSWORD },
  };
}

const sameValue = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The entry a folder made before (found by its slug), as a draft in the source language, with its files. */
async function existingOf(cms, item, locale) {
  const type = TYPES[item.kind];
  const found = await cms.call('GET', type.path, {
    query: { filters: { slug: { $eq: item.slug } }, status: 'draft', locale, populate: { [type.media]: { fields: ['id', 'caption', 'name'] }, localizations: { fields: ['locale'] }, ...(item.kind === 'project' ? { category: { fields: ['designType'] } } : {}) } },
  });
  const entry = found.data[0];
  if (!entry) return null;
  const published = await cms.call('GET', `${type.path}/${entry.documentId}`, { query: { locale, status: 'published', fields: ['slug'] } }).then(() => true, () => false);
  return { ...entry, published };
}

async function englishOf(cms, item, documentId) {
  const type = TYPES[item.kind];
  try {
    return (await cms.call('GET', `${type.path}/${documentId}`, { query: { locale: 'en', status: 'draft', fields: ENGLISH[item.kind] } })).data;
  } catch {
    return null;
  }
}

/** Imports one item: uploads what is new, writes and publishes it; on a failure, undoes what it did. */
async function importItem(cms, item, { locale, categories, report }) {
  const type = TYPES[item.kind];
  const existing = await existingOf(cms, item, locale);
  const had = new Map((existing?.[type.media] ?? []).map((file) => [file.caption, file.id]));
  const uploaded = [];
  const undo = [];
  try {
    // The files, in name order; one the CMS has already (same content) is not sent again.
    const ids = [];
    for (const media of item.media) {
      const known = had.get(fingerprint(media.sha256));
      if (known) {
        ids.push(known);
        report.skip(media.size);
        continue;
      }
      const id = await cms.upload(media.file, { name: `${item.slug}/${media.name}`, mime: media.mime, caption: fingerprint(media.sha256), alternativeText: item.source[type.name] });
      uploaded.push(id);
      ids.push(id);
      report.sent(media.size);
    }
    const data = { ...item.source, slug: item.slug, [type.media]: ids };
    if (item.kind === 'project') data.category = item.category ? categories.get(item.category) ?? null : null;

    const sameFiles = existing && sameValue((existing[type.media] ?? []).map((file) => file.id), ids);
    const sameFields = existing && FIELDS[item.kind].every((field) => sameValue(existing[field] ?? (field === 'visibility' ? 'public' : null), data[field] ?? null));
    const sameCategory = item.kind !== 'project' || (existing && sameValue(existing.category?.designType ?? null, item.category));
    let documentId = existing?.documentId;
    let changed = false;
    if (!existing || !existing.published || !sameFiles || !sameFields || !sameCategory) {
      const written = existing
        ? await cms.call('PUT', `${type.path}/${existing.documentId}`, { query: { locale, status: 'published' }, body: { data } })
        : await cms.call('POST', type.path, { query: { locale, status: 'published' }, body: { data } });
      documentId = written.data.documentId;
      changed = true;
      if (!existing) undo.push(() => cms.call('DELETE', `${type.path}/${documentId}`, { query: { locale: '*' } }));
      else {
        const before = Object.fromEntries([...FIELDS[item.kind], 'slug'].map((field) => [field, existing[field] ?? null]));
        undo.push(() => cms.call('PUT', `${type.path}/${documentId}`, { query: { locale, status: 'published' }, body: { data: { ...before, [type.media]: (existing[type.media] ?? []).map((file) => file.id), ...(item.kind === 'project' ? { category: existing.category?.documentId ?? null } : {}) } } }));
      }
    }
    // The studio's own English, when the folder has it (else the CMS's fill makes one).
    if (item.english) {
      const own = await englishOf(cms, item, documentId);
      if (!own || !ENGLISH[item.kind].every((field) => sameValue(own[field] ?? null, item.english[field] ?? null))) {
        await cms.call('PUT', `${type.path}/${documentId}`, { query: { locale: 'en', status: 'published' }, body: { data: { ...item.english, textBy: 'studio' } } });
        changed = true;
      }
    }
    // Files the folder no longer has (replaced or removed) go from the media library too.
    for (const [caption, id] of had) {
      if (caption?.startsWith('sha256:') && !ids.includes(id)) await cms.deleteFile(id).catch(() => undefined);
    }
    return changed ? (existing ? 'updated' : 'created') : 'unchanged';
  } catch (error) {
    for (const step of undo.reverse()) await step().catch(() => undefined);
    for (const id of uploaded) await cms.deleteFile(id).catch(() => undefined);
    throw error;
  }
}

/** The categories the projects name, made where missing (unless `--no-create`); by name, their documentId. */
async function categoriesFor(cms, items, { locale, create, dryRun }) {
  const wanted = [...new Set(items.flatMap((item) => (item.category ? [item.category] : [])))];
  const existing = (await cms.call('GET', '/api/categories', { query: { locale, fields: ['designType'] } })).data;
  const known = new Map(existing.map((category) => [category.designType, category.documentId]));
  const missing = wanted.filter((name) => !known.has(name));
  if (missing.length > 0 && !create) {
    return { missing: missing.map((name) => items.filter((item) => item.category === name).map((item) => `${item.file}: category "${name}" does not exist in the CMS (--no-create)`)).flat() };
  }
  if (!dryRun) {
    for (const name of missing) known.set(name, (await cms.call('POST', '/api/categories', { query: { locale }, body: { data: { designType: name } } })).data.documentId);
  }
  return { categories: known, created: missing };
}

export async function runImport(options, { out = process.stdout, err = process.stderr } = {}) {
  const started = Date.now();
  const { items, problems } = await readFolder(options.folder, { maxBytes: options.maxBytes, sharp });
  const fail = (lines) => {
    for (const line of lines) err.write(`import: ${line}\n`);
    err.write(`import: nothing was imported (${lines.length} problem${lines.length === 1 ? '' : 's'})\n`);
    return 1;
  };
  if (problems.length > 0) return fail(problems.map((problem) => problem.message));

  let session;
  try {
    session = await importToken(options.cmsUrl, options.auth);
  } catch (error) {
    return fail([error.message]);
  }
  try {
    const cms = cmsClient(options.cmsUrl, session.token);
    const locale = await cms.sourceLocale();
    const { categories, missing, created } = await categoriesFor(cms, items, { locale, create: options.createCategories, dryRun: options.dryRun });
    if (missing) return fail(missing);
    const bytes = items.reduce((sum, item) => sum + item.media.reduce((total, media) => total + media.size, 0), 0);
    if (options.dryRun) {
      for (const item of items) {
        const existing = await existingOf(cms, item, locale);
        out.write(`would ${existing ? 'update' : 'create'} ${item.kind} ${item.slug} (${filesOf(item)}, ${(item.media.reduce((sum, media) => sum + media.size, 0) / 1024 ** 2).toFixed(1)} MB)${item.english ? ', with its English' : ''}\n`);
      }
      if (created.length > 0) out.write(`would create categories: ${created.join(', ')}\n`);
      out.write(`dry run: ${items.length} items, ${(bytes / 1024 ** 2).toFixed(1)} MB, nothing changed\n`);
      return 0;
    }
    for (const name of created) out.write(`created category ${name}\n`);
    const report = progress(out, { items: items.length, bytes });
    const outcomes = { created: 0, updated: 0, unchanged: 0 };
    for (const item of items) {
      const itemStarted = Date.now();
      report.start(item);
      let outcome;
      try {
        outcome = await importItem(cms, item, { locale, categories, report });
      } catch (error) {
        report.done();
        return fail([`${item.file}: ${error instanceof CmsError ? error.message : String(error)} (this ${item.kind} was left as it was; the ones before it are imported)`]);
      }
      outcomes[outcome] += 1;
      report.item(`${outcome} ${item.kind} ${item.slug} (${filesOf(item)}${item.english ? ', English' : ''}) in ${((Date.now() - itemStarted) / 1000).toFixed(1)} s`);
    }
    report.done();
    out.write(`import: ${outcomes.created} created, ${outcomes.updated} updated, ${outcomes.unchanged} unchanged, in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    return 0;
  } catch (error) {
    return fail([error instanceof CmsError ? error.message : String(error?.stack ?? error)]);
  } finally {
    await session.release().catch(() => undefined);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = parseArguments(process.argv.slice(2));
  if (options.error) {
    process.stderr.write(`${options.error}\n`);
    process.exit(2);
  }
  process.exit(await runImport(options));
}
