import fs from 'node:fs/promises';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { logoProblem } from '../utils/logo-check';

const STUDIO = 'api::studio.studio';

interface FileRow {
  id: number;
  name: string;
  url: string;
  mime: string;
}

/** The file id a media field's value names, in the shapes the admin and the REST API send. */
function fileIdOf(value: unknown): number | string | null | undefined {
  if (value === null) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (Array.isArray(value)) return fileIdOf(value[0] ?? null);
  if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>;
    if ('id' in object) return fileIdOf(object.id);
    if ('set' in object) return fileIdOf(object.set);
    if ('connect' in object) return fileIdOf(object.connect);
  }
  return undefined;
}

/** A file's bytes from where the upload provider keeps it: the public folder, or its URL (a bucket). */
async function bytesOf(strapi: Core.Strapi, file: FileRow): Promise<Buffer> {
  if (file.url.startsWith('/')) return fs.readFile(path.join(strapi.dirs.static.public, file.url));
  const response = await fetch(file.url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

async function check(strapi: Core.Strapi, id: number | string): Promise<void> {
  const file = (await strapi.db.query('plugin::upload.file').findOne({ where: { id } })) as FileRow | null;
  if (!file) return;
  let problem: string | null;
  try {
    problem = await logoProblem(await bytesOf(strapi, file), file.mime);
  } catch (error) {
    problem = `it could not be read (${(error as Error).message})`;
  }
  if (problem) {
    strapi.log.warn(`studio: logo "${file.name}" refused: ${problem}`);
    throw new errors.ValidationError(`The logo "${file.name}" cannot be used: ${problem}. Upload an SVG without scripts or outside references, or a PNG.`);
  }
}

/**
 * Saving or publishing the studio with a logo the site cannot make icons from is refused, with
 * the reason in the admin (issue 37). The site checks again before it uses a logo (a file can be
 * replaced in the media library later) and keeps its previous icons.
 */
export function checkStudioLogo(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== STUDIO || !['create', 'update', 'publish'].includes(context.action)) return next();
    const params = context.params as { data?: Record<string, unknown>; documentId?: string; locale?: string };
    let id = params.data && 'logo' in params.data ? fileIdOf(params.data.logo) : undefined;
    if (id === undefined && context.action === 'publish') {
      const draft = await strapi.documents(STUDIO).findFirst({ status: 'draft', locale: params.locale, populate: { logo: { fields: ['id'] } } });
      id = (draft as { logo?: { id: number } | null } | null)?.logo?.id ?? undefined;
    }
    if (id !== undefined && id !== null) await check(strapi, id);
    return next();
  });
}
