// `npm run bench`: measures the figures the issues name and prints a Markdown table
// (copy it into docs/benchmarks.md). Needs the builds (`npm start` or `npm test` makes them) and
// a Chromium (CHROME_PATH or /usr/bin/chromium). Everything runs on loopback against a temporary
// CMS and a local fake translation provider.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { lighthouseRun } from './bench/lighthouse.mjs';
import { createRequire } from 'node:module';
import { freePort, rootDir, startCms, startWeb, stop, throwAwaySecrets, webDir } from './lib/stack.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const require = createRequire(path.join(webDir, 'package.json'));
const { chromium } = require('playwright-core');

execFileSync(process.execPath, [path.join(rootDir, 'scripts', 'build-if-needed.mjs')], { stdio: 'inherit' });
// Node 22.18+ runs TypeScript with erasable syntax directly: the same fake the tests use.
const { startFakeMyMemory } = await import(path.join(webDir, 'tests', 'support', 'fake-mymemory.ts'));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
fs.mkdirSync(path.join(dataDir, 'public', 'uploads'), { recursive: true });
const cmsEnv = { ...throwAwaySecrets(), DATABASE_FILENAME: path.join(dataDir, 'data.db'), CMS_PUBLIC_DIR: path.join(dataDir, 'public') };
const servers = [];
let browser;

try {
  let started = Date.now();
  let cms = await startCms({ port: await freePort(), env: cmsEnv, logFile: path.join(dataDir, 'cms.log') });
  rows.push(['CMS: start to healthy on an empty database (seeding included)', `${((Date.now() - started) / 1000).toFixed(1)} s`]);
  const seeded = /Seeded the demo studio in ([\d.]+) s/.exec(fs.readFileSync(path.join(dataDir, 'cms.log'), 'utf8'));
  if (seeded) rows.push(['CMS: seeding alone', `${seeded[1]} s`]);
  await stop(cms.child);
  started = Date.now();
  cms = await startCms({ port: await freePort(), env: cmsEnv });
  servers.push(cms.child);
  rows.push(['CMS: start to healthy on a seeded database', `${((Date.now() - started) / 1000).toFixed(1)} s`]);

  const fake = await startFakeMyMemory(await freePort());
  const web = await startWeb({
    port: await freePort(),
    cmsUrl: cms.url,
    env: { TRANSLATE_URL: `${fake.url}/ok`, TRANSLATE_CACHE_FILE: path.join(dataDir, 'translations.db') },
  });
  servers.push(web.child);

  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });

  // Server-side render of the project grid (30 tiles), median of RUNS.
  const ssr = [];
  for (let n = 0; n < RUNS; n += 1) {
    const t = performance.now();
    await (await fetch(`${web.url}/dailyPage/project`)).text();
    ssr.push(performance.now() - t);
  }
  rows.push(['Site: server render of /dailyPage/project (30 tiles), median', `${median(ssr).toFixed(0)} ms`]);

  for (const route of ['/dailyPage/project', '/dailyPage/profile']) {
    const translateRequests = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/translate')) translateRequests.push(request.url());
    });
    const times = [];
    for (let n = 0; n <= RUNS; n += 1) {
      await page.goto(`${web.url}${route}`);
      await page.evaluate(() => sessionStorage.removeItem('studio.language'));
      await page.reload();
      await page.waitForSelector('html[data-hydrated="true"]');
      translateRequests.length = 0;
      const elapsed = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const han = /\p{Script=Han}/u;
            const chineseLeft = () => {
              const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
              for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                const parent = node.parentElement;
                if (!parent || parent.closest('script, style, [data-no-translate]')) continue;
                if (han.test(node.nodeValue ?? '')) return true;
              }
              return false;
            };
            const start = performance.now();
            const observer = new MutationObserver(() => {
              if (!chineseLeft()) {
                observer.disconnect();
                resolve(performance.now() - start);
              }
            });
            observer.observe(document.body, { subtree: true, characterData: true, childList: true, attributes: true });
            document.querySelector('button[aria-label="English translation"]').click();
          }),
      );
      if (n > 0) times.push(elapsed); // run 0 warms the server cache
      if (translateRequests.length !== 1) throw new Error(`expected one /translate request, saw ${translateRequests.length}`);
    }
    rows.push([`Translation: EN toggle to fully English on ${route}, warm server cache, median of ${RUNS}`, `${median(times).toFixed(0)} ms (1 request)`]);
  }

  // Lighthouse 13 lab runs (simulated mid-range phone on slow 4G, and desktop), median of 3.
  for (const formFactor of ['mobile', 'desktop']) {
    const runs = [];
    for (let n = 0; n < 3; n += 1) runs.push(await lighthouseRun(`${web.url}/dailyPage/project`, formFactor));
    const mid = (key) => median(runs.map((run) => run[key]));
    rows.push([
      `Lighthouse ${formFactor}: /dailyPage/project (performance, accessibility, best practices, SEO; LCP; CLS), median of 3`,
      `${mid('performance')}, ${mid('accessibility')}, ${mid('bestPractices')}, ${mid('seo')}; ${(mid('lcpMs') / 1000).toFixed(1)} s; ${mid('cls').toFixed(3)}`,
    ]);
  }
  await fake.close();
} finally {
  await browser?.close();
  for (const child of servers) await stop(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nMeasured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}\n`);
console.log('| What | Figure |\n|---|---|');
for (const [what, figure] of rows) console.log(`| ${what} | ${figure} |`);
