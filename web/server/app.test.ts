import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createTranslationCache } from './translation/cache';
import { createMyMemoryProvider } from './translation/provider';
import { createTranslationService } from './translation/service';

let server: http.Server;
let base: string;
let rendered = 0;

beforeAll(async () => {
  const app = createApp({
    cmsUrl: 'http://127.0.0.1:9',
    mode: 'production',
    translation: createTranslationService({ provider: createMyMemoryProvider({ baseUrl: 'http://127.0.0.1:9' }), cache: createTranslationCache(':memory:') }),
    publishedTexts: { check: async (texts) => ({ published: [...texts], refused: [] }) },
    // Pages are not what these tests are about: a stand-in build that counts renders.
    build: async () => {
      rendered += 1;
      throw Object.assign(new Error('no pages here'), { status: 503 });
    },
  });
  server = app.listen(0, '127.0.0.1');
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
