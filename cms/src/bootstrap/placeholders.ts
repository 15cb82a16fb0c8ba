import fs from 'node:fs/promises';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import sharp from 'sharp';

const FILE = 'plugin::upload.file';

interface UploadedFile {
  id: number;
  url: string;
  mime?: string | null;
  formats?: Record<string, { url?: string } | null> | null;
}

const hex = (r: number, g: number, b: number) => [r, g, b].map((value) => Math.round(value).toString(16).padStart(2, '0')).join('');

/**
 * A picture's placeholder: its average colour, then the colours of its four corners (top left, top
 * right, bottom left, bottom right), as hex: `avg,tl,tr,bl,br`, 34 characters. The site draws it
 * as soft gradients behind the picture until the picture is there (web/app/lib/media/placeholder.ts).
 */
export async function placeholderOf(image: Buffer): Promise<string> {
  const SIDE = 8;
  const pixels = await sharp(image, { failOn: 'error' }).rotate().resize(SIDE, SIDE, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  // The mean colour of each quarter of the picture.
  const quarter = (left: number, top: number): [number, number, number] => {
    const sum = [0, 0, 0];
    for (let y = top; y < top + SIDE / 2; y += 1) {
      for (let x = left; x < left + SIDE / 2; x += 1) for (let channel = 0; channel < 3; channel += 1) sum[channel]! += pixels[(y * SIDE + x) * 3 + channel]!;
    }
    return sum.map((value) => value / (SIDE * SIDE) * 4) as [number, number, number];
  };
  const corners = [quarter(0, 0), quarter(SIDE / 2, 0), quarter(0, SIDE / 2), quarter(SIDE / 2, SIDE / 2)];
  const average = [0, 1, 2].map((channel) => corners.reduce((sum, colour) => sum + colour[channel]!, 0) / 4) as [number, number, number];
  return [hex(...average), ...corners.map((colour) => hex(...colour))].join(',');
}

/** The file's bytes: its smallest format (Strapi's thumbnail) where there is one, from disk or its URL. */
async function smallestBytes(strapi: Core.Strapi, file: UploadedFile): Promise<Buffer> {
  const url = file.formats?.thumbnail?.url ?? file.url;
  if (url.startsWith('/')) return fs.readFile(path.join(strapi.dirs.static.public, url));
  const response = await fetch(url, { signal: AbortSignal.timeout(20_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

async function addPlaceholder(strapi: Core.Strapi, file: UploadedFile): Promise<void> {
  if (!file.mime?.startsWith('image/') || file.mime === 'image/svg+xml') return;
  try {
    const placeholder = await placeholderOf(await smallestBytes(strapi, file));
    await strapi.db.query(FILE).update({ where: { id: file.id }, data: { placeholder } });
  } catch (error) {
    strapi.log.warn(`[placeholders] no placeholder for ${file.url}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Every picture uploaded from now on gets its placeholder as it is saved (seeding included). */
export function makePlaceholdersOnUpload(strapi: Core.Strapi): void {
  strapi.db.lifecycles.subscribe({
    models: [FILE],
    async afterCreate(event) {
      await addPlaceholder(strapi, event.result as UploadedFile);
    },
  });
}

/** Pictures uploaded before placeholders existed get theirs, a few at a time, in the background. */
export async function fillMissingPlaceholders(strapi: Core.Strapi): Promise<number> {
  const missing = (await strapi.db.query(FILE).findMany({
    where: { placeholder: { $null: true }, mime: { $startsWith: 'image/' } },
    select: ['id', 'url', 'mime', 'formats'],
  })) as UploadedFile[];
  for (const file of missing) await addPlaceholder(strapi, file);
  if (missing.length > 0) strapi.log.info(`[placeholders] made ${missing.length} placeholders for pictures uploaded before them`);
  return missing.length;
}
