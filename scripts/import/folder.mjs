// Reads and checks an import folder (docs/importing.md) before anything is sent: every problem is
// found, named by its file and reason, and nothing is imported unless there are none.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { FormatError, markdownBlocks, parseFrontMatter } from './markdown.mjs';

export const SLUG = /^[a-z0-9][a-z0-9-]{0,119}$/;
const PICTURES = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.avif': 'image/avif' };
const VIDEOS = { '.mp4': 'video/mp4', '.webm': 'video/webm' };
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Pictures and videos the site cannot show: named as problems, never skipped in silence. */
const UNSHOWN = new Set(['.gif', '.heic', '.heif', '.tif', '.tiff', '.bmp', '.psd', '.raw', '.cr2', '.nef', '.dng', '.svg', '.mov', '.m4v', '.avi', '.mkv', '.wmv', '.mpg', '.mpeg']);

/** A problem with one file of the folder: its path and why. */
export class ImportProblem extends Error {
  name = 'ImportProblem';
  constructor(file, reason) {
    super(`${file}: ${reason}`);
    this.file = file;
    this.reason = reason;
  }
}

async function sha256(file) {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

/** Whether the first bytes are a video a browser plays: MP4's `ftyp` box, WebM's EBML header. */
async function looksLikeVideo(file, ext) {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(12), 0, 12, 0);
    if (bytesRead < 12) return false;
    return ext === '.mp4' ? buffer.subarray(4, 8).toString('latin1') === 'ftyp' : buffer.readUInt32BE(0) === 0x1a45dfa3;
  } finally {
    await handle.close();
  }
}

/** The media files of an item's folder in name order, each checked: readable, within the size limit, a picture that decodes or a playable video. */
async function mediaOf(dir, { maxBytes, sharp, problems }) {
  const names = fs.readdirSync(dir).filter((name) => !name.startsWith('.')).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const media = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const ext = path.extname(name).toLowerCase();
    const mime = PICTURES[ext] ?? VIDEOS[ext];
    if (!mime && UNSHOWN.has(ext)) {
      problems.push(new ImportProblem(file, `is a ${ext.slice(1).toUpperCase()} file: the site shows JPEG, PNG, WebP and AVIF pictures and MP4 and WebM videos (convert it, or move it out of the folder)`));
      continue;
    }
    if (!mime) continue; // the item's text files, or notes of the studio's own
    let stat;
    try {
      stat = fs.statSync(file);
      fs.accessSync(file, fs.constants.R_OK);
    } catch (error) {
      problems.push(new ImportProblem(file, `cannot be read (${error.code ?? error.message})`));
      continue;
    }
    if (!stat.isFile()) continue;
    if (stat.size > maxBytes) {
      problems.push(new ImportProblem(file, `is ${(stat.size / 1024 ** 2).toFixed(0)} MB, over the CMS's upload limit of ${(maxBytes / 1024 ** 2).toFixed(0)} MB (CMS_UPLOAD_SIZE_LIMIT)`));
      continue;
    }
    if (stat.size === 0) {
      problems.push(new ImportProblem(file, 'is empty'));
      continue;
    }
    try {
      if (PICTURES[ext]) {
        // Decoded whole (a picture cut short fails here, not on a visitor's screen).
        const { width, height } = await sharp(file, { failOn: 'error' }).metadata();
        await sharp(file, { failOn: 'error' }).resize(16).raw().toBuffer();
        if (!width || !height) throw new Error('no size');
      } else if (!(await looksLikeVideo(file, ext))) {
        throw new Error(`not an ${ext === '.mp4' ? 'MP4' : 'WebM'} video`);
      }
    } catch (error) {
      problems.push(new ImportProblem(file, `is not a picture or video the site can show (${String(error.message ?? error).split('\n')[0].slice(0, 160)})`));
      continue;
    }
    media.push({ file, name, mime, size: stat.size, sha256: await sha256(file) });
  }
  return media;
}

function readText(file, problems) {
  try {
    return parseFrontMatter(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    problems.push(new ImportProblem(file, error instanceof FormatError ? error.message : `cannot be read (${error.code ?? error.message})`));
    return null;
  }
}

/** An item's own English (`project.en.md`, `article.en.md`), when the folder has it. */
function englishOf(dir, base, problems) {
  const file = path.join(dir, `${base}.en.md`);
  if (!fs.existsSync(file)) return null;
  const text = readText(file, problems);
  if (!text) return null;
  if (!text.fields.name) problems.push(new ImportProblem(file, 'has no "name:" in its front matter'));
  return { file, ...text };
}

/**
 * An item's own text (`project.md`, `article.md`), with what every item's front matter must hold
 * checked: a name, a date that is one, a visibility the CMS knows. Undefined when there is none.
 */
function itemText(dir, base, missing, problems) {
  const file = path.join(dir, `${base}.md`);
  if (!fs.existsSync(file)) return void problems.push(new ImportProblem(dir, `has no ${base}.md (${missing})`));
  const text = readText(file, problems);
  if (!text) return undefined;
  const { fields } = text;
  if (!fields.name) problems.push(new ImportProblem(file, 'has no "name:" in its front matter'));
  if (fields.date && !DATE.test(fields.date)) problems.push(new ImportProblem(file, `date "${fields.date}" is not YYYY-MM-DD`));
  if (fields.visibility && !['public', 'private'].includes(fields.visibility)) problems.push(new ImportProblem(file, `visibility "${fields.visibility}" is public or private`));
  return { file, ...text };
}

async function projectOf(dir, slug, options) {
  const { problems } = options;
  const text = itemText(dir, 'project', 'the project\'s name, author, date and category, then its description', problems);
  if (!text) return undefined;
  const { file, fields, body } = text;
  if (fields.flextype && !['normal', 'tall'].includes(fields.flextype)) problems.push(new ImportProblem(file, `flextype "${fields.flextype}" is normal (a tile one row high) or tall (two rows, as without it)`));
  const media = await mediaOf(dir, options);
  if (media.length > 0 && !media.some((item) => item.mime.startsWith('image/'))) problems.push(new ImportProblem(dir, 'has no picture (the first one is the tile\'s cover)'));
  if (media.length === 0) problems.push(new ImportProblem(dir, 'has no pictures or videos'));
  const english = englishOf(dir, 'project', problems);
  return {
    kind: 'project',
    slug,
    dir,
    file,
    category: fields.category || null,
    source: { projectName: fields.name, author: fields.author ?? '', addTime: fields.date || null, flextype: fields.flextype === 'normal' ? 'normal' : null, description: body, visibility: fields.visibility || 'public' },
    english: english ? { projectName: english.fields.name, author: english.fields.author ?? fields.author ?? '', description: english.body } : null,
    media,
  };
}

async function articleOf(dir, slug, options) {
  const { problems } = options;
  const text = itemText(dir, 'article', 'the article\'s name, date and summary, then its text', problems);
  if (!text) return undefined;
  const { file, fields, body } = text;
  const media = await mediaOf(dir, options);
  const english = englishOf(dir, 'article', problems);
  return {
    kind: 'article',
    slug,
    dir,
    file,
    category: null,
    source: { articleName: fields.name, articleTime: fields.date || null, articleChief: fields.summary ?? '', articleContent: markdownBlocks(body), visibility: fields.visibility || 'public' },
    english: english ? { articleName: english.fields.name, articleChief: english.fields.summary ?? fields.summary ?? '', articleContent: markdownBlocks(english.body) } : null,
    media,
  };
}

/**
 * Every project (`FOLDER/<slug>/`) and article (`FOLDER/articles/<slug>/`) of a folder, checked;
 * `problems` lists what is wrong (then nothing may be imported).
 */
export async function readFolder(root, { maxBytes, sharp }) {
  const problems = [];
  const items = [];
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) return { items, problems: [new ImportProblem(root, 'is not a folder')] };
  const options = { maxBytes, sharp, problems };
  const folders = (dir) => fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && !entry.name.startsWith('.')).map((entry) => entry.name).sort();
  for (const name of folders(root)) {
    if (name === 'articles') continue;
    if (!SLUG.test(name)) {
      problems.push(new ImportProblem(path.join(root, name), 'a project\'s folder is named in lower-case letters, digits and dashes (its name is how a later import finds it)'));
      continue;
    }
    const item = await projectOf(path.join(root, name), name, options);
    if (item) items.push(item);
  }
  const articles = path.join(root, 'articles');
  if (fs.existsSync(articles)) {
    for (const name of folders(articles)) {
      if (!SLUG.test(name)) {
        problems.push(new ImportProblem(path.join(articles, name), 'an article\'s folder is named in lower-case letters, digits and dashes'));
        continue;
      }
      const item = await articleOf(path.join(articles, name), name, options);
      if (item) items.push(item);
    }
  }
  if (items.length === 0 && problems.length === 0) problems.push(new ImportProblem(root, 'holds no project folder (FOLDER/<slug>/project.md) and no article folder (FOLDER/articles/<slug>/article.md)'));
  return { items, problems };
}
