// Issue 37: what the studio's own identity costs. The body face's bytes per weight before (the old
// cut: printable ASCII and a few marks) and after (the parts of web/app/styles/font-ranges.ts, as
// built into web/build/client/assets), and the time from publishing the studio's name in the
// admin to the new name on a page.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { adminSession } from '../../web/tests/support/cms-admin.ts';
import { webDir } from '../lib/stack.mjs';
import { median, ms } from './stats.mjs';

const require = createRequire(path.join(webDir, 'package.json'));
const WEIGHTS = [100, 400, 700];
/** The cut before issue 37 (scripts/vite/studio-fonts.ts then): printable ASCII and typographic marks. */
const OLD_CHARACTERS = `${Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i)).join('')}·–—‘’“”…`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

export async function bodyFaceBytes() {
  const subsetFont = require('subset-font');
  const assets = path.join(webDir, 'build', 'client', 'assets');
  const built = fs.readdirSync(assets).filter((name) => /^raleway-.*\.woff2$/.test(name));
  const rows = [];
  for (const weight of WEIGHTS) {
    const source = fs.readFileSync(require.resolve(`@fontsource/raleway/files/raleway-latin-${weight}-normal.woff2`));
    const before = (await subsetFont(source, OLD_CHARACTERS, { targetFormat: 'woff2' })).byteLength;
    const part = (name) => {
      const file = built.find((candidate) => candidate.startsWith(`raleway-${name}-${weight}-`));
      return file ? fs.statSync(path.join(assets, file)).size : 0;
    };
    rows.push([
      `Body face, weight ${weight}: before (ASCII only) → after, the part a page in Chinese or English loads; the Latin-1, Latin Extended and Vietnamese parts, each loaded only by a page that shows its letters`,
      `${kb(before)} → ${kb(part('latin'))}; + ${kb(part('latin-1'))} Latin-1, + ${kb(part('latin-ext'))} extended, + ${kb(part('vietnamese'))} Vietnamese`,
    ]);
  }
  return rows;
}

/** Median time from publishing a new studio name in the admin to that name in a page's title. */
export async function studioPublishToVisible(cmsUrl, siteUrl, runs) {
  const admin = await adminSession(cmsUrl);
  const original = (await admin.singleType('api::studio.studio', 'zh-Hans')).data;
  const times = [];
  try {
    for (let n = 0; n < runs; n += 1) {
      const name = `${original.name} ${n + 1}`;
      await fetch(`${siteUrl}/dailyPage/profile`).then((response) => response.text()); // cached before
      const started = performance.now();
      await admin.publishSingle('api::studio.studio', 'zh-Hans', { name });
      while (!(await (await fetch(`${siteUrl}/dailyPage/profile`)).text()).includes(`<title>简介 · ${name}</title>`)) {
        if (performance.now() - started > 30_000) throw new Error('the studio’s new name did not show within 30 s');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      times.push(performance.now() - started);
    }
  } finally {
    await admin.publishSingle('api::studio.studio', 'zh-Hans', { name: original.name });
  }
  return ms(median(times));
}
