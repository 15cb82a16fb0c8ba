// The site's icons, made from the studio's mark (public/favicon.svg) at build time into
// build/client: favicon.ico (16, 32 and 48 px), the apple-touch-icon (180 px) and the web app
// manifest's icons (192 and 512 px, and a maskable 512 px with room around the mark).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const web = path.resolve(import.meta.dirname, '..');
const out = path.join(web, 'build', 'client');
const mark = fs.readFileSync(path.join(web, 'public', 'favicon.svg'));

/** The mark on white, `size` px square, the mark filling `fill` of it. */
async function png(size, fill = 0.8) {
  const inner = Math.round(size * fill);
  const drawn = await sharp(mark, { density: Math.max(72, Math.ceil((inner / 40) * 72)) }).resize(inner, inner).png().toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: '#ffffff' } })
    .composite([{ input: drawn, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An ICO file holding PNG images (supported by every browser that reads favicon.ico). */
export function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

if (import.meta.main) {
  fs.mkdirSync(path.join(out, 'icons'), { recursive: true });
  const sizes = [16, 32, 48];
  const favicons = await Promise.all(sizes.map(async (size) => ({ size, data: await png(size, 0.9) })));
  fs.writeFileSync(path.join(out, 'favicon.ico'), ico(favicons));
  fs.writeFileSync(path.join(out, 'apple-touch-icon.png'), await png(180, 0.7));
  fs.writeFileSync(path.join(out, 'icons', 'icon-192.png'), await png(192, 0.8));
  fs.writeFileSync(path.join(out, 'icons', 'icon-512.png'), await png(512, 0.8));
  fs.writeFileSync(path.join(out, 'icons', 'icon-maskable-512.png'), await png(512, 0.6));
  console.log('icons: favicon.ico, apple-touch-icon.png, icons/icon-{192,512,maskable-512}.png');
}
