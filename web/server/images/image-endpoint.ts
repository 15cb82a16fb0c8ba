import { createHash } from 'node:crypto';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { createConnectionLimit } from '../content/connection-limit';
import { IMAGE_WIDTHS } from '~/lib/media/media';
import { createTokenBuckets } from '../security/token-buckets';
import { budgeted, encode, formatTag, TALL_MAX_BYTES, type Focus, type Format, type Size } from './encode-variant';
import { createVariantStore } from './variant-store';
import { keyPath, refuseMedia, type MediaSource } from '../media/media-proxy';
import type { Grant } from '../privacy/share-links';
import { isRead, READ_ALLOW } from '../security/request-limits';

export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg', 'png'] as const satisfies readonly Format[];

const CONTENT_TYPES: Record<Format, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };
/** Originals the endpoint can read; anything else (SVG, GIF, video) is served as it is, by /uploads. */
const SOURCE_TYPES: Record<string, Format> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'avif', 'image/tiff': 'jpeg' };
const FORMAT_OF_EXTENSION: Record<string, Format> = { '.jpg': 'jpeg', '.jpeg': 'jpeg', '.png': 'png', '.webp': 'webp', '.avif': 'avif', '.tif': 'jpeg', '.tiff': 'jpeg' };
const YEAR_S = 365 * 24 * 3600;
const MEDIA_HEADERS = { 'content-security-policy': "default-src 'none'; sandbox", 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'same-origin' };

export interface ImageEndpointOptions {
  /** Where originals are read from: the CMS's /uploads or the media bucket (lib/media/media.ts mediaBaseUrl). */
  mediaUrl: string;
  /** Where made variants are kept; they are made once per upload, width and format. */
  cacheDir: string;
  /** Most bytes of variants kept on disk; past it the least recently served go first. */
  cacheMaxBytes?: number;
  /** Image encodes at once (they are CPU-bound; the machine has few cores). */
  concurrency?: number;
  /** Fresh encodes one visitor may cause: a bucket of `burst`, refilled at `perSecond`. */
  encodesPerClient?: { burst: number; perSecond: number };
  fetchImpl?: typeof fetch;
  log?: (line: string) => void;
  /** Whether an upload only private work uses (issue 39): a 404 here, like a missing one. */
  isPrivate?: (key: string) => boolean | undefined;
  /** Where a share link's files are read from (the CMS's private files), issue 39. */
  privateSource?: MediaSource;
}

/** The format for this request: asked for (`?format=`), else the best the browser accepts, else the original's. */
function chooseFormat(req: Request, source: Format | undefined): { format: Format | 'original'; negotiated: boolean } | null {
  const asked = req.query.format;
  if (asked !== undefined) {
    return typeof asked === 'string' && (IMAGE_FORMATS as readonly string[]).includes(asked) ? { format: asked as Format, negotiated: false } : null;
  }
  const accept = req.get('accept') ?? '';
  if (/image\/avif/.test(accept)) return { format: 'avif', negotiated: true };
  if (/image\/webp/.test(accept)) return { format: 'webp', negotiated: true };
  return { format: source ?? 'original', negotiated: true };
}


/** A focus in steps of 5 % (media.ts `focusInSteps`), else null. */
function focusOf(x: string, y: string): Focus | null {
  const focus = { x: Number(x), y: Number(y) };
  return focus.x <= 100 && focus.y <= 100 && focus.x % 5 === 0 && focus.y % 5 === 0 ? focus : null;
}

const isWidth = (value: number) => (IMAGE_WIDTHS as readonly number[]).includes(value);

/** A size's one spelling, which names its variant: `0480` and `480` are one file, made once. */
const spellingOf = (size: Size) => ('card' in size ? `card-${size.card.x}-${size.card.y}` : 'tall' in size ? `tall-${size.tall.width}-${size.tall.x}-${size.tall.y}` : String(size.width));

/** `1200`, `card-<x>-<y>` or `tall-<width>-<x>-<y>` (a layout width, the focus in steps of 5 %); else null. */
function sizeOf(param: string): Size | null {
  if (isWidth(Number(param))) return { width: Number(param) };
  const card = /^card-(\d{1,3})-(\d{1,3})$/.exec(param);
  if (card) {
    const focus = focusOf(card[1]!, card[2]!);
    return focus && { card: focus };
  }
  const tall = /^tall-(\d{1,4})-(\d{1,3})-(\d{1,3})$/.exec(param);
  const focus = tall && isWidth(Number(tall[1])) ? focusOf(tall[2]!, tall[3]!) : null;
  return focus && { tall: { ...focus, width: Number(tall![1]) } };
}

/**
 * GET /_img/<width>/uploads/<file>: a picture from the CMS at one of the layout widths, in AVIF or
 * WebP when the browser accepts them (Vary: Accept), else in its own format. Made once with sharp
 * and kept on disk. Only the allow-listed widths and formats exist: anything else is a 400, an
 * unknown file a 404, never a 500.
 */
export function imageEndpoint({
  mediaUrl,
  cacheDir: dir,
  cacheMaxBytes = 1024 ** 3,
  concurrency = 2,
  encodesPerClient = { burst: 300, perSecond: 3 },
  fetchImpl = fetch,
  log = console.error,
  isPrivate,
  privateSource,
}: ImageEndpointOptions): Router {
  // A visitor on a cold cache makes a page's worth of encodes (a few dozen); one address asking for
  // every size and format of every upload (over 17,000 encodes, the cards and cuts aside) gets the originals past three a second
  // (issue 25).
  const mayEncode = createTokenBuckets(encodesPerClient);
  // sendFile needs an absolute path
  const variants = createVariantStore(path.resolve(dir), { maxBytes: cacheMaxBytes });
  const encoding = createConnectionLimit(concurrency);
  const making = new Map<string, Promise<{ file: string; type: string }>>();
  const router = express.Router();

  const refuse = (res: Response, status: number, error: string) => void res.status(status).set('cache-control', 'no-store').json({ error });

  /** Makes (once) and sends `key` at the asked size from `source`; `prefix` is where its original is served (`/s/<token>` for a share link's). */
  async function serve(req: Request, res: Response, width: string, decoded: string, source: MediaSource, prefix = '') {
    const size = sizeOf(width);
    if (!size) return refuse(res, 400, `Width must be one of ${IMAGE_WIDTHS.join(', ')}, card-<x>-<y> or tall-<width>-<x>-<y>, the focus in steps of 5`);
    if (!/^\/uploads\/[^/\\]+$/.test(decoded) || decoded.includes('..') || decoded.includes('\0')) return refuse(res, 400, 'Malformed path');
    const key = decoded.slice('/uploads/'.length);
    // One name, one picture: every spelling of a name (`%6dooncake.jpg`, `mooncake.jpg`) is the
    // same variant and the same request to the CMS (issue 25: each spelling was encoded anew).
    const upload = `/uploads/${keyPath(key)}`;
    const choice = chooseFormat(req, FORMAT_OF_EXTENSION[path.extname(decoded).toLowerCase()]);
    if (!choice) return refuse(res, 400, `Format must be one of ${IMAGE_FORMATS.join(', ')}`);

    // A budgeted cut's name says its budget, an AVIF's its colour rule: one made before either
    // (heavier) is made again, not served.
    const variant = `${createHash('sha1').update(upload).digest('hex')}-${spellingOf(size)}${budgeted(size, choice.format) ? `-${TALL_MAX_BYTES}` : ''}-${formatTag(choice.format)}`;
    const send = ({ file, type }: { file: string; type: string }) => {
      res.set(MEDIA_HEADERS).set({ 'content-type': type, 'cache-control': source.cacheControl });
      if (choice.negotiated) res.vary('Accept');
      res.sendFile(file, { dotfiles: 'allow', headers: { 'content-type': type } }, (error) => {
        if (error && !res.headersSent) refuse(res, 502, 'Image temporarily unavailable');
      });
    };
    const made = variants.get(variant);
    if (made) return send(made);

    let job = making.get(variant);
    if (!job && !mayEncode(req.ip ?? 'unknown')) {
      res.set('cache-control', 'no-store').redirect(302, `${prefix}${upload}`);
      return;
    }
    if (!job) {
      job = (async () => {
        const upstream = await fetchImpl(source.url(key), { headers: source.headers, signal: AbortSignal.timeout(30_000) });
        if (upstream.status === 404) throw Object.assign(new Error('not found'), { status: 404 });
        const sourceType = (upstream.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
        const sourceFormat = SOURCE_TYPES[sourceType];
        if (!upstream.ok || !sourceFormat) {
          await upstream.body?.cancel();
          throw Object.assign(new Error(`the CMS answered ${upstream.status} ${sourceType}`), { status: upstream.ok ? 404 : 502 });
        }
        const original = Buffer.from(await upstream.arrayBuffer());
        const format = choice.format === 'original' ? sourceFormat : choice.format;
        const encoded = await encoding.run(() => encode(original, size, format));
        return variants.put(variant, encoded, CONTENT_TYPES[format]);
      })().finally(() => making.delete(variant));
      making.set(variant, job);
    }
    try {
      send(await job);
    } catch (error) {
      const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 502;
      if (status !== 404) log(`[images] ${upload} at ${width}: ${error instanceof Error ? error.message : String(error)}`);
      refuse(res, status === 404 ? 404 : 502, status === 404 ? 'Not found' : 'Image temporarily unavailable');
    }
  }

  const decodedRest = (req: Request, prefix: string): string | null => {
    try {
      return decodeURIComponent(req.path.slice(prefix.length));
    } catch {
      return null;
    }
  };
  const publicSource: MediaSource = { url: (key) => `${mediaUrl}/${keyPath(key)}`, cacheControl: `public, max-age=${YEAR_S}, immutable` };

  router.get('/_img/:width/uploads/{*rest}', async (req, res) => {
    const decoded = decodedRest(req, `/_img/${req.params.width}`);
    if (decoded === null) return refuse(res, 400, 'Malformed path');
    if (isPrivate?.(decoded.slice('/uploads/'.length))) return refuse(res, 404, 'Not found');
    await serve(req, res, req.params.width, decoded, publicSource);
  });

  // A share link's pictures (issue 39): the link's gate (privacy/share-gate.ts) has resolved it.
  router.get('/_img/:width/s/:token/uploads/{*rest}', async (req, res) => {
    const grant = res.locals.share as Grant | undefined;
    const decoded = decodedRest(req, `/_img/${req.params.width}/s/${req.params.token}`);
    if (decoded === null) return refuse(res, 400, 'Malformed path');
    if (!grant || !privateSource || grant.state === 'unknown') return refuseMedia(req, res, 404);
    if (grant.state === 'gone') return refuseMedia(req, res, 410);
    if (!grant.keys.has(decoded.slice('/uploads/'.length))) return refuseMedia(req, res, 404);
    await serve(req, res, req.params.width, decoded, privateSource, `/s/${req.params.token}`);
  });
  router.all('/_img/{*rest}', (req, res) => {
    if (!isRead(req.method)) return void res.set('allow', READ_ALLOW).status(405).json({ error: 'Method not allowed' });
    refuse(res, 400, 'Use /_img/<width>/uploads/<file>');
  });
  return router;
}
