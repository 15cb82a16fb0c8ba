// Issue 10: pages that stay fast and stay up. Load on warm pages against a bare in-memory server,
// time to first byte with the CMS refusing and hanging, and publish-to-visible through the admin.
import http from 'node:http';
import path from 'node:path';
import { adminSession } from '../../web/tests/support/cms-admin.ts';
import { startCmsStandIn } from '../../web/tests/support/cms-stand-in.ts';
import { freePort, startWeb, stop } from '../lib/stack.mjs';
import { load, memoryServer, ttfb } from './load.mjs';
import { median, ms } from './stats.mjs';

/**
 * Issue 25: the warm grid under floods of other addresses (a random junk parameter, a random case
 * spelling of its path, random unknown addresses) against its plain address, alternating rounds,
 * medians. Before the fix each of them rendered a page per request.
 */
export async function floodLoad(url, rounds = 3) {
  await (await fetch(url)).text();
  const rows = [];
  const rps = (runs) => median(runs.map((run) => run.rps));
  for (const [flood, what] of [
    ['query', 'a random junk parameter on every request'],
    ['case', 'a random case spelling of its path (a redirect)'],
    ['unknown', 'random unknown addresses (the 404 page)'],
  ]) {
    const plain = [];
    const flooded = [];
    for (let n = 0; n < rounds; n += 1) {
      plain.push(await load(url, { duration: 5 }));
      flooded.push(await load(url, { duration: 5, flood }));
    }
    rows.push([
      `Load, 20 connections: warm project grid with ${what} vs its plain address, median of ${rounds} × 5 s`,
      `${rps(flooded).toFixed(0)} vs ${rps(plain).toFixed(0)} req/s (ratio ${(rps(flooded) / rps(plain)).toFixed(2)}); p50 ${median(flooded.map((run) => run.p50))} vs ${median(plain.map((run) => run.p50))} ms`,
    ]);
  }
  return rows;
}

/**
 * Warm page throughput and latency against the same bytes served by a bare Node server: three
 * alternating rounds of 5 s each (the machine is shared), medians reported.
 */
/** One answer as sent (compressed bytes stay compressed), with its headers. */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ body: Buffer.concat(chunks), headers: res.headers }));
    }).on('error', reject);
  });
}

/**
 * Warm pages under load against a bare Node server sending the same bytes. `encoding` 'br' asks
 * for brotli: the site then compresses each copy (every page carries its own CSP nonce), the bare
 * server sends bytes compressed once.
 */
export async function warmLoad(siteUrl, paths, rounds = 3) {
  const rows = [];
  for (const [label, pagePath, encoding] of paths) {
    const url = `${siteUrl}${pagePath}`;
    const requestHeaders = encoding ? { 'accept-encoding': encoding } : {};
    await rawGet(url, requestHeaders);
    const sample = await rawGet(url, requestHeaders);
    const body = sample.body;
    const headers = Object.fromEntries(Object.entries(sample.headers).filter(([name]) => !['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date'].includes(name)));
    const baseline = await memoryServer(body, headers);
    const site = [];
    const bare = [];
    for (let n = 0; n < rounds; n += 1) {
      site.push(await load(url, { duration: 5, headers: requestHeaders }));
      bare.push(await load(baseline.url, { duration: 5, headers: requestHeaders }));
    }
    await baseline.close();
    const mid = (runs, key) => median(runs.map((run) => run[key]));
    const ratio = median(site.map((run, n) => run.rps / bare[n].rps));
    rows.push([
      `Load, 20 connections: warm ${label}${encoding ? `, ${encoding}` : ''} (${(body.length / 1024).toFixed(0)} KB as sent) vs the same bytes from a bare Node server, median of ${rounds} × 5 s`,
      `${mid(site, 'rps').toFixed(0)} vs ${mid(bare, 'rps').toFixed(0)} req/s (ratio ${ratio.toFixed(2)}); p50 ${mid(site, 'p50')} ms, p99 ${mid(site, 'p99')} ms (bare: ${mid(bare, 'p50')} / ${mid(bare, 'p99')} ms)`,
    ]);
  }
  return rows;
}

/** Time to first byte of a page seen before, with the CMS refusing and then hanging. */
export async function outageTtfb(cmsUrl, dataDir, runs) {
  const standIn = await startCmsStandIn(cmsUrl);
  const site = await startWeb({
    port: await freePort(),
    cmsUrl: standIn.url,
    env: { CONTENT_TTL_S: '1', CONTENT_CACHE_FILE: path.join(dataDir, 'outage-content.db') },
  });
  const rows = [];
  try {
    const page = `${site.url}/dailyPage/project`;
    await ttfb(page);
    for (const mode of ['refuse', 'hang']) {
      standIn.setMode(mode);
      const times = [];
      for (let n = 0; n < runs; n += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1_100)); // past the TTL: the CMS is asked again
        times.push(await ttfb(page));
      }
      rows.push([`Outage: time to first byte of a seen page, CMS ${mode === 'refuse' ? 'refusing connections' : 'hanging'}, median of ${runs}`, ms(median(times))]);
      standIn.setMode('pass');
    }
  } finally {
    await stop(site.child);
    await standIn.close();
  }
  return rows;
}

/** An editor publishes in the admin: time until every visitor's next view shows it. */
export async function publishToVisible(cmsUrl, siteUrls, runs) {
  const admin = await adminSession(cmsUrl);
  const response = await fetch(`${cmsUrl}/api/projects?fields[0]=projectName&sort[0]=projectName:asc`);
  const [project] = (await response.json()).data;
  const times = [];
  for (let n = 0; n < runs; n += 1) {
    const name = `${project.projectName} · ${n}`;
    for (const url of siteUrls) await fetch(`${url}/dailyPage/project`).then((r) => r.text()); // cached before
    const started = performance.now();
    await admin.publish('api::project.project', project.documentId, { projectName: name });
    for (const url of siteUrls) {
      while (!(await (await fetch(`${url}/dailyPage/project`)).text()).includes(name)) {
        if (performance.now() - started > 30_000) throw new Error('the published change did not show within 30 s');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    times.push(performance.now() - started);
  }
  await admin.publish('api::project.project', project.documentId, { projectName: project.projectName });
  return median(times);
}

/** One view as a phone's browser makes it (brotli): time to the whole answer and its bytes on the wire. */
function phoneView(url) {
  const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers: { 'user-agent': PHONE, 'accept-encoding': 'br, gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => (res.statusCode === 200 ? resolve({ ms: performance.now() - started, bytes }) : reject(new Error(`${url}: ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

/**
 * Decision 022, tenth pass: on a quiet site most visitors come more than a TTL after the one
 * before. Such a view of a project page, served from the stored copy while the page is drawn again
 * (stale-while-revalidate), against the render every such view was before (a purge first, as a
 * publish does), alternating, on a site whose TTL is one second; content cached in both.
 */
export async function viewAfterTtl(cmsUrl, dataDir, secret, page, runs) {
  const site = await startWeb({
    port: await freePort(),
    cmsUrl,
    env: { CONTENT_TTL_S: '1', SITE_WEBHOOK_SECRET: secret, CONTENT_CACHE_FILE: path.join(dataDir, 'after-ttl-content.db') },
  });
  const purge = () =>
    fetch(`${site.url}/_webhooks/content`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify({ event: 'entry.update', model: 'first-page-img' }),
    });
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const rendered = [];
  const stale = [];
  try {
    await phoneView(`${site.url}${page}`);
    for (let n = 0; n < runs; n += 1) {
      await purge();
      rendered.push(await phoneView(`${site.url}${page}`));
      await pause(1_200); // past the TTL, and past the content's: the next view is a stale one
      stale.push(await phoneView(`${site.url}${page}`));
      await pause(300); // its render in the background is done
    }
  } finally {
    await stop(site.child);
  }
  const mid = (views, key) => median(views.map((view) => view[key]));
  return [
    [
      `A view of a project page more than a TTL after the one before (phone, brotli): served from the stored copy while drawn again vs rendered, median of ${runs}`,
      `${ms(mid(stale, 'ms'))}, ${(mid(stale, 'bytes') / 1024).toFixed(1)} KB vs ${ms(mid(rendered, 'ms'))}, ${(mid(rendered, 'bytes') / 1024).toFixed(1)} KB`,
    ],
  ];
}
