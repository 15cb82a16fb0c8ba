import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TALL_MAX_BYTES } from './encode-variant';
import { imageEndpoint } from './image-endpoint';

let cms: http.Server;
let site: http.Server;
let siteUrl: string;
let cacheDir: string;
let cmsBase: string;
let cmsCalls: string[] = [];
let photo: Buffer;
let logo: Buffer;
let halves: Buffer;
let sideways: Buffer;
let ramp: Buffer;
let stripes: Buffer;
let stripesJpeg: Buffer;
let stripesJpegFull: Buffer;

async function standInCms(req: http.IncomingMessage, res: http.ServerResponse) {
  cmsCalls.push(req.url ?? '');
  if (req.url === '/uploads/photo_abc.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
  if (req.url === '/uploads/sideways_abc.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(sideways);
  if (req.url === '/uploads/ramp_abc.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(ramp);
  if (req.url === '/uploads/stripes_abc.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(stripes);
  if (req.url === '/uploads/stripes_abc.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(stripesJpeg);
  if (req.url === '/uploads/stripes_full_abc.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(stripesJpegFull);
  if (req.url === '/uploads/halves_abc.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(halves);
  if (req.url === '/uploads/logo_abc.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(logo);
  if (req.url === '/uploads/broken.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end('not a picture');
  if (req.url === '/uploads/clip.mp4') return void res.writeHead(200, { 'content-type': 'video/mp4' }).end('....');
  res.writeHead(404, { 'content-type': 'text/plain' }).end('missing');
}

beforeAll(async () => {
  photo = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#c0392b' } }).jpeg().toBuffer();
  logo = await sharp({ create: { width: 600, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
  // 2400×1200: blue on the left half, red on the right.
  halves = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#0000ff' } })
    .composite([{ input: await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#ff0000' } }).png().toBuffer(), left: 1200, top: 0 }])
    .png()
    .toBuffer();
  // The same, stored turned a quarter to the left, with the EXIF orientation that turns it back.
  sideways = await sharp(await sharp(halves).rotate(-90).toBuffer()).withMetadata({ orientation: 6 }).jpeg().toBuffer();
  // 2400×1200: red rising from 0 at the left edge to 255 at the right.
  ramp = await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1200"><defs><linearGradient id="g"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#f00"/></linearGradient></defs><rect width="2400" height="1200" fill="url(#g)"/></svg>'))
    .png()
    .toBuffer();
  // 2400×1350: diagonal stripes in two colours, a picture AVIF finds expensive (like the demo's ink
  // on paper, 26 KB in its upright cut at the site's quality; these 23 KB).
  const lines = Array.from({ length: 40 }, (_, i) => `<line x1="${i * 120 - 1350}" y1="0" x2="${i * 120}" y2="1350" stroke="${i % 2 ? '#e85d5d' : '#25779c'}" stroke-width="60"/>`).join('');
  stripes = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1350"><rect width="2400" height="1350" fill="#f4efe6"/>${lines}</svg>`))
    .png()
    .toBuffer();
  // The stripes as a camera or an export saves a JPEG (colour at half resolution), and as one saved
  // at full colour.
  stripesJpeg = await sharp(stripes).jpeg({ quality: 90 }).toBuffer();
  stripesJpegFull = await sharp(stripes).jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer();
  cms = http.createServer((req, res) => void standInCms(req, res));
  await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve));
  cacheDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'images-')), '.data', 'images'); // a dot directory, like the default
  const app = express();
  cmsBase = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;
  app.use(imageEndpoint({ mediaUrl: `${cmsBase}/uploads`, cacheDir, log: () => {} }));
  app.use((_req, res) => void res.status(404).end());
  site = http.createServer(app);
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
  await new Promise((resolve) => cms.close(resolve));
  fs.rmSync(path.dirname(path.dirname(cacheDir)), { recursive: true, force: true });
});

beforeEach(() => {
  cmsCalls = [];
});

const get = (url: string, accept = '*/*') => fetch(`${siteUrl}${url}`, { headers: { accept } });
const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

async function picture(response: Response) {
  return sharp(Buffer.from(await response.arrayBuffer())).metadata();
}

describe('image endpoint', () => {
  it('serves AVIF at the asked width to a browser that accepts it, varying on Accept', async () => {
    const response = await get('/_img/640/uploads/photo_abc.jpg', CHROME_ACCEPT);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/avif');
    expect(response.headers.get('vary')).toMatch(/Accept/);
    expect(response.headers.get('cache-control')).toMatch(/immutable/);
    const meta = await picture(response);
    expect(meta.format).toBe('heif');
    expect(meta.width).toBe(640);
    expect(meta.height).toBe(427);
  });

  it('serves WebP to a browser that accepts WebP but not AVIF', async () => {
    const response = await get('/_img/480/uploads/photo_abc.jpg', 'image/webp,*/*');
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect((await picture(response)).format).toBe('webp');
  });

  it('serves the original format to a client that accepts neither', async () => {
    const jpeg = await get('/_img/480/uploads/photo_abc.jpg', 'image/jpeg,*/*');
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect(jpeg.headers.get('vary')).toMatch(/Accept/);
    expect(await picture(jpeg)).toMatchObject({ format: 'jpeg', width: 480 });
    const png = await get('/_img/240/uploads/logo_abc.png');
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(await picture(png)).toMatchObject({ format: 'png', width: 240, hasAlpha: true });
  });

  it('makes a variant once and answers later requests from the disk cache', async () => {
    await (await get('/_img/800/uploads/photo_abc.jpg', CHROME_ACCEPT)).arrayBuffer();
    await Promise.all([1, 2, 3].map(async () => (await get('/_img/960/uploads/photo_abc.jpg', 'image/webp')).arrayBuffer()));
    const again = await get('/_img/800/uploads/photo_abc.jpg', CHROME_ACCEPT);
    expect(again.headers.get('content-type')).toBe('image/avif');
    expect(cmsCalls).toEqual(['/uploads/photo_abc.jpg', '/uploads/photo_abc.jpg']);
  });

  it('makes one variant for every spelling of a name: a percent-encoded letter costs no encode and no file', async () => {
    const first = await get('/_img/1200/uploads/photo_abc.jpg', CHROME_ACCEPT);
    const bytes = Buffer.from(await first.arrayBuffer());
    const files = fs.readdirSync(cacheDir).length;
    for (const spelling of ['%70hoto_abc.jpg', 'ph%6Fto_abc.jpg', '%70%68%6f%74%6f%5f%61%62%63%2e%6a%70%67']) {
      const response = await get(`/_img/1200/uploads/${spelling}`, CHROME_ACCEPT);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    }
    expect(fs.readdirSync(cacheDir).length).toBe(files);
    expect(cmsCalls).toEqual(['/uploads/photo_abc.jpg']);
  });

  it('sends a visitor past their fresh encodes to the original instead of encoding more', async () => {
    const app = express();
    app.use(imageEndpoint({ mediaUrl: `${cmsBase}/uploads`, cacheDir: `${cacheDir}-budget`, encodesPerClient: { burst: 2, perSecond: 0.001 }, log: () => {} }));
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const ask = (width: number) => fetch(`${base}/_img/${width}/uploads/photo_abc.jpg`, { headers: { accept: CHROME_ACCEPT }, redirect: 'manual' });
    expect((await ask(240)).status).toBe(200);
    expect((await ask(360)).status).toBe(200);
    const third = await ask(480);
    expect(third.status).toBe(302);
    expect(third.headers.get('location')).toBe('/uploads/photo_abc.jpg');
    expect((await ask(240)).status).toBe(200); // made already: no encode, no budget
    await new Promise((resolve) => server.close(resolve));
  });

  it('never enlarges a picture beyond its original', async () => {
    const response = await get('/_img/2400/uploads/photo_abc.jpg', 'image/webp');
    expect((await picture(response)).width).toBe(1800);
  });

  it('honours an explicit format from the allow-list without varying', async () => {
    const response = await get('/_img/360/uploads/photo_abc.jpg?format=webp', CHROME_ACCEPT);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('vary') ?? '').not.toMatch(/Accept/);
  });

  it('cuts an upright 3:4 part around the focus, for an upright screen, never larger than the cut', async () => {
    /** The picture's mean colour. */
    const colour = async (response: Response) => {
      const { channels } = await sharp(Buffer.from(await response.arrayBuffer())).stats();
      return channels.slice(0, 3).map((channel) => Math.round(channel.mean));
    };
    const right = await get('/_img/tall-480-100-50/uploads/halves_abc.png', 'image/png');
    expect(right.status).toBe(200);
    expect(await picture(right.clone())).toMatchObject({ width: 480, height: 640 });
    const [red, , blue] = await colour(right);
    expect(red).toBeGreaterThan(240);
    expect(blue).toBeLessThan(15);
    const [redLeft, , blueLeft] = await colour(await get('/_img/tall-480-0-50/uploads/halves_abc.png', 'image/png'));
    expect(blueLeft).toBeGreaterThan(240);
    expect(redLeft).toBeLessThan(15);
    // The cut is 900 px wide (1200 × 3 / 4): a wider ask gets the cut as it is.
    expect(await picture(await get('/_img/tall-960-50-50/uploads/halves_abc.png', 'image/png'))).toMatchObject({ width: 900, height: 1200 });
    // A photograph stored sideways is cut as it is seen, upright.
    const [redUpright, , blueUpright] = await colour(await get('/_img/tall-480-100-50/uploads/sideways_abc.jpg', 'image/png'));
    expect(redUpright).toBeGreaterThan(200);
    expect(blueUpright).toBeLessThan(50);
  });

  it('makes an upright cut a phone asks for, the landing’s first picture, within its byte budget, at the best quality that fits', async () => {
    // The cut the endpoint makes (1013 × 1350 around the middle), encoded by hand at a quality.
    const cutAt = (quality: number, format: 'avif' | 'webp') => {
      const cut = sharp(stripes).extract({ left: 694, top: 0, width: 1013, height: 1350 });
      return (format === 'avif' ? cut.avif({ quality, effort: 2 }) : cut.webp({ quality })).toBuffer();
    };
    const tall = await get('/_img/tall-1200-50-50/uploads/stripes_abc.png', CHROME_ACCEPT);
    expect(tall.headers.get('content-type')).toBe('image/avif');
    const body = Buffer.from(await tall.arrayBuffer());
    // The site's quality and the steps below it: over the budget at the site's quality, the cut is
    // the first step that fits, not a lower one.
    const steps = await Promise.all([50, 44, 38, 32].map((quality) => cutAt(quality, 'avif')));
    const fits = steps.findIndex((step) => step.byteLength <= TALL_MAX_BYTES);
    expect(fits, steps.map((step) => step.byteLength).join(' ')).toBeGreaterThan(0);
    expect(body.byteLength).toBeLessThanOrEqual(TALL_MAX_BYTES);
    expect(body).toEqual(steps[fits]);
    expect(await sharp(body).metadata()).toMatchObject({ width: 1013, height: 1350 });
    // A browser without AVIF gets the WebP of the site's quality (WebP barely shrinks below it).
    const webp = Buffer.from(await (await get('/_img/tall-1200-50-50/uploads/stripes_abc.png', 'image/webp,*/*')).arrayBuffer());
    expect(webp).toEqual(await cutAt(74, 'webp'));
    // What a tablet (a wider cut) or a desktop window draws keeps the site's quality.
    const tablet = Buffer.from(await (await get('/_img/tall-1600-50-50/uploads/stripes_abc.png', CHROME_ACCEPT)).arrayBuffer());
    expect(tablet).toEqual(await cutAt(50, 'avif'));
    const wide = Buffer.from(await (await get('/_img/1200/uploads/stripes_abc.png', CHROME_ACCEPT)).arrayBuffer());
    expect(wide).toEqual(await sharp(stripes).resize({ width: 1200 }).avif({ quality: 50, effort: 2 }).toBuffer());
    // A dozen AVIF encodes of a megapixel or more: seconds on a busy two-core machine.
  }, 30_000);

  it('makes an AVIF of a JPEG with its colour at half resolution, as the JPEG has it, and keeps full colour where the original does', async () => {
    const avifOf = (jpeg: Buffer, chromaSubsampling: '4:2:0' | '4:4:4') =>
      sharp(jpeg).rotate().resize({ width: 800, withoutEnlargement: true }).avif({ quality: 50, effort: 2, chromaSubsampling }).toBuffer();
    const half = Buffer.from(await (await get('/_img/800/uploads/stripes_abc.jpg', CHROME_ACCEPT)).arrayBuffer());
    expect(half).toEqual(await avifOf(stripesJpeg, '4:2:0'));
    // What the visitor's phone downloads less than at full colour.
    expect(half.byteLength).toBeLessThan(0.9 * (await avifOf(stripesJpeg, '4:4:4')).byteLength);
    const full = Buffer.from(await (await get('/_img/800/uploads/stripes_full_abc.jpg', CHROME_ACCEPT)).arrayBuffer());
    expect(full).toEqual(await avifOf(stripesJpegFull, '4:4:4'));
    // A WebP is at half colour whatever the original (the format has no other); unchanged.
    const webp = Buffer.from(await (await get('/_img/800/uploads/stripes_full_abc.jpg', 'image/webp,*/*')).arrayBuffer());
    expect(webp).toEqual(await sharp(stripesJpegFull).rotate().resize({ width: 800 }).webp({ quality: 74 }).toBuffer());
  }, 30_000);

  it.each([
    ['a budgeted cut', 'made before the budget', '/uploads/stripes_abc.png', 'tall-800-50-50', 'tall-800-50-50-avif'],
    ['an AVIF of a half-colour JPEG', 'made at full colour before the colour rule', '/uploads/stripes_abc.jpg', '800', '800-avif'],
  ])('makes %s again where a site kept one %s, rather than serve the heavier file', async (_what, _when, upload, size, name) => {
    // A variant store left by the site before: the same variant under its name then.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'images-before-'));
    const before = `${createHash('sha1').update(upload).digest('hex')}-${name}`;
    fs.writeFileSync(path.join(dir, before), 'the heavier file');
    fs.writeFileSync(path.join(dir, `${before}.type`), 'image/avif');
    const app = express().use(imageEndpoint({ mediaUrl: `${cmsBase}/uploads`, cacheDir: dir, log: () => {} }));
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/_img/${size}${upload}`, { headers: { accept: CHROME_ACCEPT } });
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.toString('latin1')).not.toBe('the heavier file');
      expect(await sharp(body).metadata()).toMatchObject({ format: 'heif', width: 800 });
      expect(cmsCalls).toContain(upload);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('cuts where CSS object-position draws the wide picture on a 3:4 screen, at any focus', async () => {
    // object-position: 25 % puts the screen's left edge 25 % of the way along what it cannot show:
    // (2400 − 900) × 0.25 = 375 px, so the screen spans 375–1275 px of the ramp (a cut centred on
    // the focus, 150–1050 px, would be darker).
    const cut = await get('/_img/tall-480-25-50/uploads/ramp_abc.png', 'image/png');
    const { channels } = await sharp(Buffer.from(await cut.arrayBuffer())).stats();
    const shown = { from: (2400 - 900) * 0.25, to: (2400 - 900) * 0.25 + 900 };
    expect(channels[0]!.mean).toBeCloseTo((((shown.from + shown.to) / 2) * 255) / 2400, -0.5);
  });

  it('cuts a 1200×630 social card around the focus', async () => {
    const card = await get('/_img/card-25-50/uploads/ramp_abc.png', 'image/png');
    expect(await picture(card.clone())).toMatchObject({ width: 1200, height: 630 });
    // Scaled to 1260×630 to cover the card; the card starts 25 % into the 60 px it cannot show.
    const { channels } = await sharp(Buffer.from(await card.arrayBuffer())).stats();
    expect(channels[0]!.mean).toBeCloseTo(((60 * 0.25 + 600) * 255) / 1260, -0.5);
  });

  it('makes one file for every spelling of a size', async () => {
    const first = Buffer.from(await (await get('/_img/tall-480-25-50/uploads/ramp_abc.png', 'image/png')).arrayBuffer());
    const files = fs.readdirSync(cacheDir).length;
    for (const spelling of ['tall-0480-025-50', 'tall-480-25-050']) {
      const response = await get(`/_img/${spelling}/uploads/ramp_abc.png`, 'image/png');
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(first)).toBe(true);
    }
    expect(fs.readdirSync(cacheDir).length).toBe(files);
  });

  it.each([
    ['/_img/tall-641-50-50/uploads/photo_abc.jpg', 400],
    ['/_img/tall-640-52-50/uploads/photo_abc.jpg', 400],
    ['/_img/tall-640-50-105/uploads/photo_abc.jpg', 400],
    ['/_img/tall-640-50/uploads/photo_abc.jpg', 400],
    ['/_img/641/uploads/photo_abc.jpg', 400],
    ['/_img/0/uploads/photo_abc.jpg', 400],
    ['/_img/99999/uploads/photo_abc.jpg', 400],
    ['/_img/abc/uploads/photo_abc.jpg', 400],
    ['/_img/640.5/uploads/photo_abc.jpg', 400],
    ['/_img/640/uploads/photo_abc.jpg?format=gif', 400],
    ['/_img/640/uploads/photo_abc.jpg?format=svg', 400],
    ['/_img/640/uploads/photo_abc.jpg?format=webp&format=avif', 400],
    ['/_img/640/uploads/%2e%2e%2fconfig.json', 400],
    ['/_img/640/uploads/..%2F..%2Fetc%2Fpasswd', 400],
    ['/_img/640/uploads/a/b.jpg', 400],
    ['/_img/640/admin/photo.jpg', 400],
    ['/_img/640/uploads/missing.jpg', 404],
    ['/_img/640/uploads/clip.mp4', 404],
  ])('answers %s with %i, not a 5xx', async (url, status) => {
    const response = await get(url, CHROME_ACCEPT);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/json/);
    expect(await response.text()).not.toMatch(/at .*\.(ts|js):\d+|node_modules|\/work\//);
  });

  it('answers a file that is not a picture with 502, logs it and keeps serving', async () => {
    const response = await get('/_img/640/uploads/broken.jpg', CHROME_ACCEPT);
    expect(response.status).toBe(502);
    expect((await get('/_img/640/uploads/photo_abc.jpg', CHROME_ACCEPT)).status).toBe(200);
  });

  it('refuses writes', async () => {
    const response = await fetch(`${siteUrl}/_img/640/uploads/photo_abc.jpg`, { method: 'POST' });
    expect(response.status).toBe(405);
  });

});
