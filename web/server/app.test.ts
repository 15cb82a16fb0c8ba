import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createHttpServer } from './http-server';
import { createLogging } from './observability/logger';

let server: http.Server;
let base: string;
let rendered = 0;

beforeAll(async () => {
  const app = createApp({
    cmsUrl: 'http://127.0.0.1:9',
    mode: 'production',
    logging: createLogging({ level: 'silent' }),
    // Pages are not what these tests are about: a stand-in build that counts renders.
    build: async () => {
      rendered += 1;
      throw Object.assign(new Error('no pages here'), { status: 503 });
    },
  });
  server = createHttpServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

/** The path exactly as written: fetch would normalise or refuse some of these. */
const rawGet = (pathname: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(`${base}${pathname}`, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });

describe('the site server', () => {
  it.each(['/%', '/login%FF', '/dailyPage/project/%FF%FE', '/assets/%', '/healthz%', '/uploads/%E0%A4%A', '/_img/640/uploads/%E0%A4%A'])(
    'answers 400 without a stack trace for broken percent-encoding: %s',
    async (pathname) => {
      const response = await rawGet(pathname);
      expect(response.status).toBe(400);
      expect(response.body).not.toMatch(/at .*\(|node_modules|\/work\//);
    },
  );

  it('never reaches the pages for those paths', () => {
    expect(rendered).toBe(0);
  });

  it('says nothing about its framework', async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});

/** A raw request, exactly as written (several Host headers, any method). */
const rawRequest = (text: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(new URL(base).port), '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });

describe('requests the site never serves', () => {
  it.each(['TRACE', 'TRACK', 'PUT', 'DELETE', 'PATCH', 'PROPFIND', 'CONNECT'])('answers %s with 405 and Allow, no stack trace, no render', async (method) => {
    const before = rendered;
    const answer = await rawRequest(`${method} /dailyPage/project HTTP/1.1\r\nHost: site.test\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toMatch(/\r\nallow: GET, HEAD, POST, OPTIONS\r\n/i);
    expect(answer).not.toMatch(/at .*\(|node_modules|\/work\//);
    expect(rendered).toBe(before);
  });

  it('answers an address deeper or longer than any of the site with 414, without reaching the pages', async () => {
    const before = rendered;
    expect((await fetch(`${base}/${'a/'.repeat(7000)}`)).status).toBe(414);
    expect((await fetch(`${base}/dailyPage/${'x'.repeat(1100)}`)).status).toBe(414);
    expect(rendered).toBe(before);
  });

  it('answers POST to a page with 405, without rendering an error page', async () => {
    const before = rendered;
    const response = await fetch(`${base}/dailyPage/project`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(rendered).toBe(before);
  });

  it('answers OPTIONS with what is allowed', async () => {
    const response = await fetch(`${base}/dailyPage/project`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
  });

  it.each(['x@y', '127.0.0.1:3000/en', 'site.test/', 'a b', 'site.test:99999', 'site.test:80:80', '[::1', 'evil.example\\x', 'user:pw@site.test'])(
    'refuses a Host header that is no host (%s) with 400, never a 500 or a render (issue 36)',
    async (host) => {
      const before = rendered;
      const answer = await rawRequest(`GET /dailyPage/article/nx1 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(rendered).toBe(before);
    },
  );

  it.each(['site.test', 'site.test:3000', '127.0.0.1:3000', '[::1]:3000', 'studio_web.internal', 'xn--fiq228c.example.'])('takes a Host header that is a host (%s)', async (host) => {
    expect(await rawRequest(`GET /healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('refuses a request with two Host headers', async () => {
    const answer = await rawRequest('GET /healthz HTTP/1.1\r\nHost: site.test\r\nHost: evil.example\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(await rawRequest('GET /healthz HTTP/1.1\r\nHost: site.test\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('the process safety net', () => {
  const run = (code: string) =>
    new Promise<{ status: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: path.dirname(new URL(import.meta.url).pathname) });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (status) => resolve({ status, output }));
    });
  const safetyNet = new URL('./safety-net.ts', import.meta.url).pathname;

  it('logs a stray connection error and keeps the process serving', async () => {
    const result = await run(
      `import { installSafetyNet } from '${safetyNet}';
       installSafetyNet();
       setTimeout(() => { throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }); }, 10);
       setTimeout(() => { console.log('still here'); process.exit(0); }, 200);`,
    );
    expect(result.output).toMatch(/still serving: socket hang up/);
    expect(result.output).toMatch(/still here/);
    expect(result.status).toBe(0);
  });

  it('exits on any other uncaught error, for a clean restart', async () => {
    const result = await run(
      `import { installSafetyNet } from '${safetyNet}';
       installSafetyNet();
       setTimeout(() => { throw new TypeError('a real bug'); }, 10);
       setTimeout(() => { console.log('still here'); process.exit(0); }, 500);`,
    );
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/fatal error, exiting for a clean restart/);
    expect(result.output).not.toMatch(/still here/);
  });
});

describe('a request that fails on the server', () => {
  it('is logged without a share link’s token (issue 39), and the visitor gets no stack trace', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = createApp({
      cmsUrl: 'http://127.0.0.1:9',
      mode: 'production',
      logging: createLogging({ level: 'info', destination: { write: (chunk: string) => void lines.push(JSON.parse(chunk) as Record<string, unknown>) } }),
      build: async () => {
        throw new Error('the render broke');
      },
    });
    const failing = createHttpServer(app).listen(0, '127.0.0.1');
    await new Promise((resolve) => failing.once('listening', resolve));
    const at = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
    const token = 'T'.repeat(32);
    try {
      for (const address of [`/s/${token}`, `/en/s/${token}.data`, `/%73/${token}`]) {
        const response = await fetch(`${at}${address}`);
        expect(response.status, address).toBe(500);
        expect(await response.text()).toBe('Internal Server Error');
      }
      const failures = lines.filter((line) => line.msg === 'request failed');
      expect(failures.map((line) => line.path)).toEqual(['/s/:token', '/en/s/:token.data', '/s/:token']);
      expect(JSON.stringify(lines)).not.toContain(token);
    } finally {
      failing.close();
    }
  });
});

describe('the built files', () => {
  it('serves a file, and takes a folder for an address of the pages, never redirecting to where the path points', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
    fs.mkdirSync(path.join(clientDir, 'assets', 'fonts'), { recursive: true });
    fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'export {};');
    fs.writeFileSync(path.join(clientDir, 'robots.txt'), 'User-agent: *');
    let pages = 0;
    const app = createApp({
      cmsUrl: 'http://127.0.0.1:9',
      mode: 'production',
      logging: createLogging({ level: 'silent' }),
      clientDir,
      build: async () => {
        pages += 1;
        throw Object.assign(new Error('no pages here'), { status: 503 });
      },
    });
    const files = createHttpServer(app).listen(0, '127.0.0.1');
    await new Promise((resolve) => files.once('listening', resolve));
    const port = (files.address() as AddressInfo).port;
    const raw = (pathname: string) =>
      new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port, path: pathname }, (res) => (res.resume(), resolve({ status: res.statusCode ?? 0, location: res.headers.location }))).on('error', reject);
      });
    try {
      expect((await raw('/assets/app.js')).status).toBe(200);
      expect((await raw('/robots.txt')).status).toBe(200);
      // A browser reads `/\evil.example` in a Location as `//evil.example`: another site.
      for (const folder of ['/\\evil.example/%2e%2e', '/assets/fonts', '/assets', '/%5cevil.example/..']) {
        const answer = await raw(folder);
        expect(answer.location, folder).toBeUndefined();
        expect(answer.status, folder).not.toBe(301);
      }
      expect(pages).toBeGreaterThan(0);
    } finally {
      files.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
