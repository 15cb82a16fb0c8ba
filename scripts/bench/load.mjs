// Load generation for the bench: autocannon against the site, and a bare Node server that serves
// the same bytes from memory as the ceiling to compare with (a ratio measured in the same run).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const random = () => Math.random().toString(36).slice(2);
const randomCase = (text) => [...text].map((char) => (Math.random() < 0.5 ? char.toUpperCase() : char.toLowerCase())).join('');
/** Addresses a flood would use instead of the page's own (issue 25). */
const FLOODS = {
  query: (path) => `${path}?utm_x=${random()}`,
  case: (path) => randomCase(path),
  unknown: () => `/${random()}/${random()}`,
};

/**
 * Requests/s and latency percentiles of `url` under `connections` concurrent clients. With `flood`,
 * every request is another address: a random parameter no page reads (`query`), a random spelling
 * of the path's case (`case`: answered with a redirect), or a random unknown address (`unknown`:
 * the 404 page).
 */
export async function load(url, { connections = 20, duration = 10, headers = {}, flood } = {}) {
  const path = new URL(Array.isArray(url) ? url[0] : url).pathname;
  const requests = flood ? { requests: [{ setupRequest: (request) => ({ ...request, path: FLOODS[flood](path) }) }] } : {};
  const result = await autocannon({ url, connections, duration, headers, ...requests });
  // A redirect and the 404 page are the right answers to those floods.
  const allowed = flood === 'case' || flood === 'unknown' ? Infinity : 0;
  if (result.non2xx > allowed || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors under load`);
  return { rps: result.requests.average, total: result.requests.total, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * A bare Node server answering every request with `body` and `headers` (no framework, no work), in
 * a process of its own like the site, so it does not share the load generator's thread.
 */
export async function memoryServer(body, headers) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bare-'));
  fs.writeFileSync(path.join(dir, 'body'), body);
  const code = `
    const body = require('node:fs').readFileSync(${JSON.stringify(path.join(dir, 'body'))});
    const headers = ${JSON.stringify(headers)};
    const server = require('node:http').createServer((_req, res) => { res.writeHead(200, headers); res.end(body); });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve) => child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim()))));
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Time to the first byte of `url`, ms. */
export async function ttfb(url) {
  const started = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  const first = performance.now() - started;
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return first;
}
