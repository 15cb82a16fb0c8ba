// Media from the bucket against media from the CMS's folder (issue 29): the same page of two
// stacks seeded alike, one keeping uploads in its folder, one in a moto bucket, each page fetched
// with every picture and video it shows, as a browser would on a warm site (variants made).
import { median } from './stats.mjs';

const ms = (value) => `${value.toFixed(0)} ms`;

/** Everything a page shows from its site: its HTML, then each picture and the start of each video, six at a time. */
async function pageWithMedia(siteUrl, pathname) {
  const started = performance.now();
  const html = await (await fetch(`${siteUrl}${pathname}`)).text();
  const media = [...new Set([...html.matchAll(/\b(?:src|poster)="(\/(?:_img|uploads)\/[^"]+)"/g)].map((match) => match[1].replaceAll('&amp;', '&')))];
  const queue = [...media];
  let bytes = 0;
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        // A video starts with its first megabyte, as a player asks for it.
        const headers = next.endsWith('.mp4') ? { range: 'bytes=0-1048575' } : { accept: 'image/avif,image/webp,*/*' };
        const response = await fetch(`${siteUrl}${next}`, { headers });
        if (!response.ok) throw new Error(`${next} answered ${response.status}`);
        bytes += (await response.arrayBuffer()).byteLength;
      }
    }),
  );
  return { ms: performance.now() - started, files: media.length, bytes };
}

/**
 * `pages`: [name, path on the folder's site, path on the bucket's site]. Two warm-up passes make
 * every variant; then the two sites are measured in turn, `runs` times, so noise hits both alike.
 */
export async function mediaFromStorage({ folder, bucket }, pages, runs) {
  const rows = [];
  for (const [name, folderPath, bucketPath] of pages) {
    for (let n = 0; n < 2; n += 1) {
      await pageWithMedia(folder, folderPath);
      await pageWithMedia(bucket, bucketPath);
    }
    const fromFolder = [];
    const fromBucket = [];
    let shape;
    for (let n = 0; n < runs; n += 1) {
      const a = await pageWithMedia(folder, folderPath);
      const b = await pageWithMedia(bucket, bucketPath);
      fromFolder.push(a.ms);
      fromBucket.push(b.ms);
      shape = b;
    }
    const ratio = median(fromBucket) / median(fromFolder);
    rows.push([
      `${name} with its ${shape.files} pictures and videos (${Math.round(shape.bytes / 1024)} KB), warm: media from the bucket vs from the CMS's folder, median of ${runs}`,
      `${ms(median(fromBucket))} vs ${ms(median(fromFolder))} (ratio ${ratio.toFixed(2)})`,
    ]);
  }
  return rows;
}
