// `npm run bench`: measures the figures the issues name and prints a Markdown table (copy it into
// docs/benchmarks.md). Needs the builds (`npm start` or `npm test` makes them) and a Chromium
// (CHROME_PATH or /usr/bin/chromium). Everything runs on loopback against a temporary CMS whose
// fill calls a local fake translation provider. BENCH_ONLY=content,lighthouse,... runs some sections.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { instantMoves } from './bench/instant.mjs';
import { parseArguments, runImport } from './import/import.mjs';
import { startFrontDoor } from './lib/front-door.mjs';
import { ALL_SECTIONS, renderBenchmarks, shownFigure, writeRun } from './bench/render.mjs';
import { floodLoad, outageTtfb, publishToVisible, viewAfterTtl, warmLoad } from './bench/content.mjs';
import { observatoryScan } from './bench/observatory.mjs';
import { benchRoutes, coldWalk, kb, lighthouseRoutes } from './bench/pages.mjs';
import { load } from './bench/load.mjs';
import { watchingCost } from './bench/watching.mjs';
import { describeMachine } from './bench/machine.mjs';
import { median, ms } from './bench/stats.mjs';
import { mediaFromStorage } from './bench/storage.mjs';
import { englishFilledAfterPublish, englishRenders } from './bench/translation.mjs';
import { bodyFaceBytes, studioPublishToVisible } from './bench/studio.mjs';
import { publicStorageEnv, temporaryStorage } from './lib/object-storage.mjs';
import { deleteRedisPrefix } from './lib/redis-keys.mjs';
import { freePort, rootDir, startCms, startWeb, stop, throwAwaySecrets, waitForFill, webDir } from './lib/stack.mjs';
import { E2E_ADMIN } from '../web/tests/support/cms-admin.ts';
import { startFakeMyMemory } from '../web/tests/support/fake-mymemory.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const only = new Set(process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',') : ALL_SECTIONS);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const require = createRequire(path.join(webDir, 'package.json'));
const { chromium } = require('playwright-core');

execFileSync(process.execPath, [path.join(rootDir, 'scripts', 'build-if-needed.mjs')], { stdio: 'inherit' });

// Figures by section, in the order measured: written to docs/bench/<time>.json, rendered into
// docs/benchmarks.md (scripts/bench/render.mjs). No figure is edited by hand.
const results = {};
let current = 'cms';
// A row is [what, figure] or [what, figure, runs]: `runs`, each run's figure (one list per figure
// of the row, in its order) where the figure is a median of them.
const rows = { push: (...measured) => (results[current] ??= []).push(...measured.map(([what, figure, runs]) => ({ what, figure, ...(runs ? { runs } : {}) }))) };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
fs.mkdirSync(path.join(dataDir, 'public', 'uploads'), { recursive: true });
const secrets = throwAwaySecrets();
const webPort = await freePort();
// The CMS's fill (issue 38) calls the fake provider; English is filled before anything is measured.
const fake = await startFakeMyMemory(await freePort());
const cmsEnv = {
  ...secrets,
  DATABASE_FILENAME: path.join(dataDir, 'data.db'),
  CMS_PUBLIC_DIR: path.join(dataDir, 'public'),
  CMS_ADMIN_EMAIL: E2E_ADMIN.email,
  CMS_ADMIN_PASSWORD: E2E_ADMIN.password,
  SITE_WEBHOOK_URL: `http://127.0.0.1:${webPort}/_webhooks/content`,
  TRANSLATE_URL: `${fake.url}/ok`,
  CMS_FILL_INTERVAL_MS: '200',
};
const servers = [];
let browser;
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

try {
  let started = Date.now();
  // Each picture drawn, as on a studio's first start: the seeding figure is the whole seed's.
  let cms = await startCms({ port: await freePort(), env: cmsEnv, logFile: path.join(dataDir, 'cms.log'), seedCache: false });
  if (only.has('cms')) {
    rows.push(['CMS: start to healthy on an empty database (seeding included)', seconds(started)]);
    const seeded = /Seeded the demo studio in ([\d.]+) s/.exec(fs.readFileSync(path.join(dataDir, 'cms.log'), 'utf8'));
    if (seeded) rows.push(['CMS: seeding alone', `${seeded[1]} s`]);
    await stop(cms.child);
    started = Date.now();
    cms = await startCms({ port: await freePort(), env: cmsEnv });
    rows.push(['CMS: start to healthy on a seeded database', seconds(started)]);
  }
  servers.push(cms.child);

  const web = await startWeb({
    port: webPort,
    cmsUrl: cms.url,
    env: {
      CONTENT_CACHE_FILE: path.join(dataDir, 'content.db'),
      SITE_WEBHOOK_SECRET: secrets.SITE_WEBHOOK_SECRET,
      // Canonical links and previews name the address Lighthouse loads.
      PUBLIC_URL: `http://127.0.0.1:${webPort}`,
    },
  });
  servers.push(web.child);
  await waitForFill(cms.url, { secret: secrets.SITE_WEBHOOK_SECRET });
  const [project] = (await (await fetch(`${cms.url}/api/projects?fields[0]=projectName&sort[0]=projectName:asc`)).json()).data;
  const projectPath = `/dailyPage/project/${project.documentId}?documentId=${project.documentId}`;

  current = 'observatory';
  if (only.has('observatory')) {
    // Plain HTTP on loopback: only the two TLS tests (redirection to HTTPS, HSTS) can fail.
    const scan = await observatoryScan(web.url);
    rows.push(['MDN HTTP Observatory on plain-HTTP localhost: grade, score; failed tests', `${scan.grade}, ${scan.score}; ${scan.failed.join(', ') || 'none'}`]);
    // Behind the documented TLS proxy (it sends X-Forwarded-Proto: https from loopback).
    // The scan blocks this process for seconds: a kept-alive connection to the site has been closed
    // by its 5 s idle timeout meanwhile, and a request on it fails once. Asked again on a new one.
    const proxiedFetch = () => fetch(`${web.url}/dailyPage/project`, { headers: { 'x-forwarded-proto': 'https' } });
    const proxied = await proxiedFetch().catch(proxiedFetch);
    rows.push(['Behind an HTTPS proxy (X-Forwarded-Proto: https from loopback): Strict-Transport-Security', proxied.headers.get('strict-transport-security') ?? 'missing']);
  }

  current = 'render';
  if (only.has('render')) {
    // A render of the grid with its content cached but the page not: before each, a change to the
    // landing images (webhook) drops every rendered page and only the landing's answers.
    const renders = [];
    for (let n = 0; n <= RUNS; n += 1) {
      await fetch(`${web.url}/_webhooks/content`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secrets.SITE_WEBHOOK_SECRET}` },
        body: JSON.stringify({ event: 'entry.update', model: 'first-page-img' }),
      });
      const t = performance.now();
      await (await fetch(`${web.url}/dailyPage/project`)).text();
      if (n > 0) renders.push(performance.now() - t);
    }
    rows.push([`Site: server render of /dailyPage/project (30 tiles, content cached, page not), median of ${RUNS}`, ms(median(renders))]);
  }

  current = 'content';
  if (only.has('content')) {
    rows.push(...(await warmLoad(web.url, [['project grid', '/dailyPage/project'], ['project grid', '/dailyPage/project', 'br'], ['project page', projectPath]])));
    rows.push(...(await floodLoad(`${web.url}/dailyPage/project`)));
    rows.push(...(await outageTtfb(cms.url, dataDir, RUNS)));
    rows.push(...(await viewAfterTtl(cms.url, dataDir, secrets.SITE_WEBHOOK_SECRET, projectPath, RUNS)));
    rows.push([`Publish in the admin to visible on the site (webhook), median of ${RUNS}`, ms(await publishToVisible(cms.url, [web.url], RUNS))]);
  }

  current = 'watching';
  if (only.has('watching')) rows.push(...(await watchingCost(cms.url, dataDir, secrets)));

  current = 'studio';
  if (only.has('studio')) {
    rows.push(...(await bodyFaceBytes()));
    rows.push([`Publish the studio's name in the admin to the new name in a page's title (webhook), median of ${RUNS}`, await studioPublishToVisible(cms.url, web.url, RUNS)]);
  }

  current = 'translation';
  if (only.has('translation')) {
    const purge = () =>
      fetch(`${web.url}/_webhooks/content`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secrets.SITE_WEBHOOK_SECRET}` },
        body: JSON.stringify({ event: 'entry.update', model: 'first-page-img' }),
      });
    rows.push(...(await englishRenders(web.url, [['the grid', '/dailyPage/project'], ['a project', projectPath]], { purge, providerCalls: () => fake.calls(), runs: 3 * RUNS })));
    rows.push([`Publish a Chinese change in the admin to its English (machine-filled) on the site, median of ${RUNS}`, await englishFilledAfterPublish(cms.url, web.url, RUNS)]);
  }

  if (only.has('walk') || only.has('instant') || only.has('frontdoor')) {
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
  }

  const routes = only.has('walk') || only.has('lighthouse') ? await benchRoutes(web.url) : [];
  current = 'walk';
  if (only.has('walk')) {
    // A first visit with an empty browser cache, per route and layout: bytes on the wire by type.
    for (const row of await coldWalk(browser, web.url, routes)) {
      const { html, js, css, img, font } = row.bytes;
      rows.push([
        `Cold visit, ${row.layout}: ${row.name} (HTML, JS, CSS, fonts, images; image formats; images on the first screen)`,
        `${kb(html)}, ${kb(js)}, ${kb(css)}, ${kb(font)}, ${kb(img)}; ${row.formats.join('/') || 'none'}; ${kb(row.firstViewportImages)}` +
          (row.uncompressed.length > 0 ? ` (uncompressed: ${row.uncompressed.join(' ')})` : ''),
      ]);
    }
  }

  current = 'lighthouse';
  if (only.has('lighthouse')) {
    // Lighthouse 13 lab runs (simulated mid-range phone on slow 4G, and desktop), with the site's
    // page cache warm, median of BENCH_LIGHTHOUSE_RUNS per route.
    for (const formFactor of ['mobile', 'desktop']) {
      for (const result of await lighthouseRoutes(web.url, routes, formFactor, LIGHTHOUSE_RUNS)) {
        rows.push([
          `Lighthouse ${formFactor}: ${result.name} (performance, accessibility, best practices, SEO; LCP; CLS), median of ${LIGHTHOUSE_RUNS}`,
          `${result.performance}, ${result.accessibility}, ${result.bestPractices}, ${result.seo}; ${(result.lcpMs / 1000).toFixed(2)} s; ${result.cls.toFixed(3)}`,
        ]);
        if (result.lcpWaitedFor) rows.push([`Lighthouse mobile: ${result.name}, the request its simulated LCP waited for (the last to end in Lantern's pessimistic graph), most often of ${LIGHTHOUSE_RUNS}`, result.lcpWaitedFor]);
        if (Number.isFinite(result.threadBlockingMs)) {
          rows.push([
            `Lighthouse mobile: ${result.name}, total blocking time; the same sum over every main-thread task of its trace, from the navigation to the trace's end (each 4x, less 50 ms), by wall time / by the thread's own time; the longest task by wall / thread time, medians of ${LIGHTHOUSE_RUNS}`,
            `${Math.round(result.tbtMs)} ms; ${Math.round(result.wallBlockingMs)} / ${Math.round(result.threadBlockingMs)} ms; ${result.longestWallMs.toFixed(1)} / ${result.longestThreadMs.toFixed(1)} ms`,
          ]);
        }
      }
    }
  }

  current = 'instant';
  if (only.has('instant')) rows.push(...(await instantMoves(browser, web.url, cms.url, RUNS, { calibrated: true })));

  current = 'frontdoor';
  if (only.has('frontdoor')) {
    // Issue 40: the same moves through deploy/Caddyfile (HTTP/2 with TLS, Caddy's local CA) as
    // the direct ones above (HTTP/1.1 on loopback), in this run. Needs ports 80 and 443 (root).
    const door = await startFrontDoor({ siteDomain: 'localhost', sitePort: webPort, cmsPort: new URL(cms.url).port, dataDir });
    servers.push(door.child);
    rows.push(...(await instantMoves(browser, door.url, cms.url, RUNS, { via: ', through Caddy over HTTP/2', ignoreHTTPSErrors: true })));
    // Issue 41 point 5 as a deployed site's visitor gets it: TLS and HTTP/2, where the first
    // screen's pictures share the document's connection instead of opening their own.
    for (const result of await lighthouseRoutes(web.url, await benchRoutes(web.url), 'mobile', LIGHTHOUSE_RUNS, { runUrl: door.url, chromeFlags: [door.chromiumTrust] })) {
      rows.push([
        `Lighthouse mobile through Caddy over HTTP/2: ${result.name} (performance; LCP; Lighthouse's total blocking time, and in brackets the tasks' sum by the main thread's own time from the navigation to the trace's end; the request its simulated LCP waited for), median of ${LIGHTHOUSE_RUNS}`,
        // Caddy shares the two cores with the browser here: the thread's own time says how much
        // of a lower score is the page's work and how much its wait for a core (twenty-fifth pass).
        `${result.performance}; ${(result.lcpMs / 1000).toFixed(2)} s; ${Math.round(result.tbtMs)} ms (${Number.isFinite(result.threadBlockingMs) ? `${Math.round(result.threadBlockingMs)} ms` : 'not timed'}); ${result.lcpWaitedFor ?? 'none'}`,
      ]);
    }
    const scan = await observatoryScan(door.url, { extraCa: door.ca });
    rows.push(['MDN HTTP Observatory over HTTPS through the front door: grade, score; failed tests', `${scan.grade}, ${scan.score}; ${scan.failed.join(', ') || 'none'}`]);
    await stop(door.child);
    servers.splice(servers.indexOf(door.child), 1);
  }

  current = 'storage';
  if (only.has('storage')) {
    // Issue 29: a second stack seeded alike, its uploads in a bucket of a loopback moto_server
    // (Python: slower than a production object store, so the ratio is an upper bound).
    const storage = await temporaryStorage('s3', { label: 'bench' });
    const bucketDir = path.join(dataDir, 'bucket');
    fs.mkdirSync(path.join(bucketDir, 'public', 'uploads'), { recursive: true });
    const bucketCms = await startCms({
      port: await freePort(),
      logFile: path.join(bucketDir, 'cms.log'),
      env: { ...throwAwaySecrets(), ...storage.env, DATABASE_FILENAME: path.join(bucketDir, 'data.db'), CMS_PUBLIC_DIR: path.join(bucketDir, 'public'), TRANSLATE_URL: `${fake.url}/ok` },
    });
    servers.push(bucketCms.child);
    const bucketWeb = await startWeb({
      port: await freePort(),
      cmsUrl: bucketCms.url,
      env: {
        ...publicStorageEnv(storage.env),
        CONTENT_CACHE_FILE: path.join(bucketDir, 'content.db'),
        IMAGE_CACHE_DIR: path.join(bucketDir, 'images'),
      },
    });
    servers.push(bucketWeb.child);
    // The same project on both (seeded alike, so named alike; their ids differ).
    const projectWithVideo = async (cmsUrl) => {
      const list = (await (await fetch(`${cmsUrl}/api/projects?fields[0]=projectName&populate[images][fields][0]=ext&sort[0]=projectName:asc`)).json()).data;
      return list.find((candidate) => candidate.images.some((image) => image.ext === '.mp4'));
    };
    const onFolder = await projectWithVideo(cms.url);
    const onBucket = (await (await fetch(`${bucketCms.url}/api/projects?fields[0]=projectName&filters[projectName][$eq]=${encodeURIComponent(onFolder.projectName)}`)).json()).data[0];
    rows.push(
      ...(await mediaFromStorage({ folder: web.url, bucket: bucketWeb.url }, [
        ['The project grid', '/dailyPage/project', '/dailyPage/project'],
        ['A project page', `/dailyPage/project/${onFolder.documentId}`, `/dailyPage/project/${onBucket.documentId}`],
      ], RUNS)),
    );
    for (const child of [bucketWeb.child, bucketCms.child]) {
      await stop(child);
      servers.splice(servers.indexOf(child), 1);
    }
    await storage.stop();
  }

  current = 'instances';
  if (only.has('instances')) {
    // Issue 15: two instances sharing one Redis (the machine's, under a prefix of this run), the
    // CMS's webhook reaching the first: the grid through both against the one plain instance above,
    // and a publish until both show it. On a 2-core machine the load generator shares the cores
    // with both instances: the ratio shows what sharing costs, not how far more machines scale.
    const grid = '/dailyPage/project';
    const redisEnv = { REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_PREFIX: `bench-${Date.now().toString(36)}:` };
    const single = [];
    for (let n = 0; n < 3; n += 1) single.push(await load(`${web.url}${grid}`, { duration: 5 }));
    await stop(web.child);
    servers.splice(servers.indexOf(web.child), 1);
    const instances = [];
    for (const [index, port] of [webPort, await freePort()].entries()) {
      const instance = await startWeb({
        port,
        cmsUrl: cms.url,
        env: {
          ...redisEnv,
          CONTENT_CACHE_FILE: path.join(dataDir, `instance-${index}-content.db`),
          SITE_WEBHOOK_SECRET: secrets.SITE_WEBHOOK_SECRET,
        },
      });
      servers.push(instance.child);
      instances.push(instance);
      await fetch(`${instance.url}${grid}`).then((response) => response.text());
    }
    const pair = [];
    for (let n = 0; n < 3; n += 1) pair.push(await load(instances.map((instance) => `${instance.url}${grid}`), { duration: 5 }));
    const rps = (runs) => median(runs.map((run) => run.rps));
    rows.push([
      'Load, 20 connections: warm project grid through two instances sharing Redis vs one instance alone, median of 3 × 5 s',
      `${rps(pair).toFixed(0)} vs ${rps(single).toFixed(0)} req/s (ratio ${(rps(pair) / rps(single)).toFixed(2)}); p99 ${median(pair.map((run) => run.p99))} vs ${median(single.map((run) => run.p99))} ms`,
    ]);
    rows.push([
      `Publish in the admin to visible on both of two instances (webhook to one, Redis to the other), median of ${RUNS}`,
      ms(await publishToVisible(cms.url, instances.map((instance) => instance.url), RUNS)),
    ]);
    for (const instance of instances) {
      await stop(instance.child);
      servers.splice(servers.indexOf(instance.child), 1);
    }
    await deleteRedisPrefix(redisEnv.REDIS_URL, redisEnv.REDIS_PREFIX);
  }
  current = 'import';
  if (only.has('import')) {
    // Issue 40: the example folder into the seeded studio, then again (nothing to send).
    const options = { ...parseArguments([path.join(rootDir, 'docs', 'examples', 'import')], { CMS_URL: cms.url, CMS_ADMIN_EMAIL: E2E_ADMIN.email, CMS_ADMIN_PASSWORD: E2E_ADMIN.password }) };
    const quiet = { write: () => true };
    for (const run of ['first', 'second']) {
      const started = performance.now();
      const code = await runImport(options, { out: quiet, err: process.stderr });
      if (code !== 0) throw new Error(`the import of docs/examples/import failed (${code})`);
      rows.push([`Import of docs/examples/import (3 projects, 1 article, 7 pictures, 0.1 MB), ${run} run${run === 'second' ? ' (nothing changed: nothing sent)' : ''}`, ms(performance.now() - started)]);
    }
  }
} finally {
  await browser?.close();
  for (const child of servers) await stop(child);
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const run = {
  date: new Date().toISOString(),
  node: process.version,
  machine: describeMachine(),
  sections: [...only],
  runs: RUNS,
  lighthouseRuns: LIGHTHOUSE_RUNS,
  results,
};
const file = writeRun(run);
console.log(`\nRecorded ${path.relative(rootDir, file)}${only.size === ALL_SECTIONS.length ? '; docs/benchmarks.md rendered from it' : ' (a partial run: docs/benchmarks.md renders only full runs)'}\n`);
if (only.size === ALL_SECTIONS.length) fs.writeFileSync(path.join(rootDir, 'docs', 'benchmarks.md'), renderBenchmarks(run, path.relative(path.join(rootDir, 'docs'), file)));
for (const [section, measured] of Object.entries(results)) {
  console.log(`\n${section}\n| What | Figure |\n|---|---|`);
  for (const row of measured) console.log(`| ${row.what} | ${shownFigure(row)} |`);
}
