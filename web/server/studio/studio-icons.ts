import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { checkLogo, type LogoKind } from './logo-check';
import { DEFAULT_MARK_SVG } from './default-mark';

/** The icons a browser, a phone's home screen or the web app manifest asks for. */
export const ICONS = {
  '/favicon.svg': { type: 'image/svg+xml' },
  '/favicon.ico': { type: 'image/x-icon' },
  '/apple-touch-icon.png': { type: 'image/png', size: 180, fill: 0.7 },
  '/icons/icon-192.png': { type: 'image/png', size: 192, fill: 0.8 },
  '/icons/icon-512.png': { type: 'image/png', size: 512, fill: 0.8 },
  // Room around the mark: the platform crops a maskable icon to its own shape.
  '/icons/icon-maskable-512.png': { type: 'image/png', size: 512, fill: 0.6 },
} as const;

export type IconPath = keyof typeof ICONS;

/** A logo the icons can be made from: its bytes, kind and a key that changes with them. */
export interface Mark {
  key: string;
  kind: LogoKind;
  bytes: Buffer;
}

const keyOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url').slice(0, 16);

export const DEFAULT_MARK: Mark = { key: 'default', kind: 'svg', bytes: Buffer.from(DEFAULT_MARK_SVG) };

/** `mark` drawn `size` px square on `background`, filling `fill` of it. */
async function png(mark: Mark, size: number, fill: number, background: string): Promise<Buffer> {
  const inner = Math.max(1, Math.round(size * fill));
  // An SVG is drawn at the density that makes it `inner` px (it has no pixels of its own).
  const density = mark.kind === 'svg' ? Math.min(2400, Math.max(72, Math.ceil((inner / 40) * 72))) : undefined;
  const drawn = await sharp(mark.bytes, { failOn: 'error', ...(density ? { density } : {}) })
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: drawn, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An ICO file holding PNG images (every browser that reads favicon.ico reads these). */
export function ico(images: ReadonlyArray<{ size: number; data: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

/** One icon of `mark`. The SVG icon of a PNG logo carries it, made small, inside an SVG. */
export async function makeIcon(mark: Mark, icon: IconPath, background: string): Promise<Buffer> {
  if (icon === '/favicon.svg') {
    if (mark.kind === 'svg') return mark.bytes;
    const small = await sharp(mark.bytes).resize(256, 256, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
    const { width = 256, height = 256 } = await sharp(small).metadata();
    return Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}"><image width="${width}" height="${height}" href="data:image/png;base64,${small.toString('base64')}"/></svg>`,
    );
  }
  if (icon === '/favicon.ico') {
    return ico(await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(mark, size, 0.9, 'rgba(0,0,0,0)') }))));
  }
  const { size, fill } = ICONS[icon];
  return png(mark, size, fill, background);
}

export interface MarkSourceOptions {
  /** Where the last logo that could be used is kept, for icons after a restart (the image cache's folder). */
  dir: string;
  fetchImpl?: typeof fetch;
  log?: (line: string) => void;
}

/**
 * The mark the icons are made from (issue 37): the studio's logo when the site can use it, else
 * the last one it could (a corrupt file, or an SVG with a script or an outside reference, keeps
 * the previous icons: it is never drawn nor served, and the log says why, once), else the site's
 * default mark. Each logo is fetched and checked once per address.
 */
export function createMarkSource({ dir, fetchImpl = fetch, log = console.warn }: MarkSourceOptions) {
  const checked = new LRUCache<string, Promise<Mark | null>>({ max: 16 });
  const lastGoodFile = path.join(dir, 'studio-logo-last-good');
  let lastGood: Promise<Mark | null> | undefined;

  const readLastGood = async (): Promise<Mark | null> => {
    try {
      const [bytes, kind] = await Promise.all([fs.readFile(lastGoodFile), fs.readFile(`${lastGoodFile}.kind`, 'utf8')]);
      return kind === 'svg' || kind === 'png' ? { key: keyOf(bytes), kind, bytes } : null;
    } catch {
      return null;
    }
  };

  async function fetchAndCheck(url: string): Promise<Mark | null> {
    let bytes: Buffer;
    let mime: string;
    try {
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`answered ${response.status}`);
      mime = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      // Not the logo's fault: asked again next time.
      checked.delete(url);
      log(`[studio] the logo could not be fetched (${error instanceof Error ? error.message : String(error)}); the previous icons stay`);
      return null;
    }
    const verdict = await checkLogo(bytes, mime);
    if ('problem' in verdict) {
      log(`[studio] the logo ${url.slice(url.lastIndexOf('/') + 1)} cannot be used: ${verdict.problem}; the previous icons stay`);
      return null;
    }
    const mark = { key: keyOf(bytes), kind: verdict.kind, bytes };
    lastGood = Promise.resolve(mark);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(`${lastGoodFile}.kind`, mark.kind);
    await fs.writeFile(lastGoodFile, bytes);
    return mark;
  }

  return {
    /** The mark for the logo at `url` (null: the studio has none). */
    async markFor(url: string | null): Promise<Mark> {
      if (!url) return DEFAULT_MARK;
      let mark = checked.get(url);
      if (!mark) {
        mark = fetchAndCheck(url);
        checked.set(url, mark);
      }
      const usable = await mark;
      if (usable) return usable;
      lastGood ??= readLastGood();
      return (await lastGood) ?? DEFAULT_MARK;
    },
  };
}

export type MarkSource = ReturnType<typeof createMarkSource>;
