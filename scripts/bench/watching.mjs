// Issue 41, point 6: what the access log and the metrics cost. Two copies of the site on the same
// CMS: one writes its access log (LOG_LEVEL=info, straight into a file: read line by line by the
// bench's own process it would slow the load generator) and counts its metrics (METRICS_PORT);
// the other has neither (LOG_LEVEL=silent, no METRICS_PORT). The warm grid under load on each in
// turn, in alternating order. This machine is shared and its speed drifts by tens of percent
// within seconds: many short rounds (30 × 1 s) pair the two copies more closely than a few long
// ones did (10 × 3 s, whose ratio moved by ±0.05 from run to run). Besides requests/s (their ratio
// per round, median) the figure that decides is the server's own CPU time per request (Linux's
// /proc/<pid>/stat, both copies summed over all rounds): a one-process server's throughput on a
// core is its inverse.
import fs from 'node:fs';
import path from 'node:path';
import { freePort, startWeb, stop } from '../lib/stack.mjs';
import { load } from './load.mjs';
import { median } from './stats.mjs';

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  // After the name: state is field 3, utime 14 and stime 15 (clock ticks, 100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export async function watchingCost(cmsUrl, dataDir, secrets, rounds = 30, seconds = 1) {
  const site = async (label, env) =>
    startWeb({
      port: await freePort(),
      cmsUrl,
      env: { CONTENT_CACHE_FILE: path.join(dataDir, `${label}.db`), SITE_WEBHOOK_SECRET: secrets.SITE_WEBHOOK_SECRET, ...env },
      logFile: path.join(dataDir, `${label}.log`),
      logDirect: true,
    });
  const watched = await site('watched', { LOG_LEVEL: 'info', METRICS_PORT: String(await freePort()), METRICS_HOST: '127.0.0.1' });
  const unwatched = await site('unwatched', { LOG_LEVEL: 'silent' });
  try {
    const page = '/dailyPage/project';
    for (const { url } of [watched, unwatched]) for (let n = 0; n < 3; n += 1) await (await fetch(`${url}${page}`)).text();
    const copies = [watched, unwatched].map((copy) => ({ ...copy, rps: [], cpu: 0, requests: 0 }));
    const ratios = [];
    for (let n = 0; n < rounds; n += 1) {
      // Each round in the other order (A B, B A, …): a drift in the machine's speed cancels out.
      for (const copy of n % 2 === 0 ? copies : [...copies].reverse()) {
        const before = cpuSeconds(copy.child.pid);
        const measured = await load(`${copy.url}${page}`, { duration: seconds });
        copy.cpu += cpuSeconds(copy.child.pid) - before;
        copy.requests += measured.total;
        copy.rps.push(measured.rps);
      }
      ratios.push(copies[0].rps.at(-1) / copies[1].rps.at(-1));
    }
    const [a, b] = copies;
    const perRequest = (copy) => (copy.cpu / copy.requests) * 1e6;
    return [
      [
        `Load, 20 connections: warm project grid with the access log and metrics vs with neither (two copies of the site), ${rounds} × ${seconds} s in alternating order: requests/s (medians; ratio per round, median) and the server's CPU time per request (ratio: the throughput a core sustains)`,
        `${median(a.rps).toFixed(0)} vs ${median(b.rps).toFixed(0)} req/s (ratio ${median(ratios).toFixed(2)}); ${perRequest(a).toFixed(0)} vs ${perRequest(b).toFixed(0)} µs of CPU per request (ratio ${(perRequest(b) / perRequest(a)).toFixed(2)})`,
      ],
    ];
  } finally {
    await stop(watched.child);
    await stop(unwatched.child);
  }
}
