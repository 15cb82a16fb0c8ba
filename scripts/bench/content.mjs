// Issue 10: pages that stay fast and stay up. Load on warm pages against a bare in-memory server,
// time to first byte with the CMS refusing and hanging, and publish-to-visible through the admin.
import path from 'node:path';
import { adminSession } from '../../web/tests/support/cms-admin.ts';
import { startCmsStandIn } from '../../web/tests/support/cms-stand-in.ts';
import { freePort, startWeb, stop } from '../lib/stack.mjs';
import { load, memoryServer, ttfb } from './load.mjs';
import { median, ms } from './stats.mjs';

/** Warm page throughput and latency, each against the same bytes served by a bare Node server. */
export async function warmLoad(siteUrl, paths) {
  const rows = [];
  for (const [label, pagePath] of paths) {
    const url = `${siteUrl}${pagePath}`;
    const sample = await fetch(url);
    const body = Buffer.from(await sample.arrayBuffer());
    const headers = Object.fromEntries([...sample.headers].filter(([name]) => !['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date'].includes(name)));
    const site = await load(url);
    const baseline = await memoryServer(body, headers);
    const bare = await load(baseline.url);
    await baseline.close();
    rows.push([
      `Load, 20 connections, 10 s: warm ${label} (${(body.length / 1024).toFixed(0)} KB) vs the same bytes from a bare Node server`,
      `${site.rps.toFixed(0)} vs ${bare.rps.toFixed(0)} req/s (ratio ${(site.rps / bare.rps).toFixed(2)}); p50 ${site.p50} ms, p99 ${site.p99} ms (bare: ${bare.p50} / ${bare.p99} ms)`,
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
    env: { CONTENT_TTL_S: '1', CONTENT_CACHE_FILE: path.join(dataDir, 'outage-content.db'), TRANSLATE_CACHE_FILE: path.join(dataDir, 'outage-translations.db') },
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
