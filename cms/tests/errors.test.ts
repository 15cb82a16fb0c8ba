import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { call, cmsUrl } from './support/api';

const errorOf = (body: unknown) => (body as { error?: { status?: number; message?: string } }).error;

describe('client mistakes get a clear 4xx, never a 500', () => {
  it.each(['/api/projects/no-such-project', '/api/articles/no-such-article', '/api/categories/unknown'])(
    'answers 404 for an unknown documentId (%s)',
    async (path) => {
      const response = await call(path);
      expect(response.status).toBe(404);
      expect(errorOf(response.body)?.status).toBe(404);
    },
  );

  it.each([
    ['an unknown populate key', '/api/projects?populate[nope][fields][0]=url'],
    ['an unknown field', '/api/projects?fields[0]=secret'],
    ['an unknown sort key', '/api/projects?sort[0]=nope:asc'],
    ['an unknown filter operator', '/api/projects?filters[projectName][$nope]=x'],
    ['a filter on an unknown relation field', '/api/projects?filters[category][nope][$eq]=x'],
  ])('answers 400 for %s', async (_what, path) => {
    const response = await call(path);
    expect(response.status).toBe(400);
    expect(errorOf(response.body)?.message).toEqual(expect.any(String));
  });
});

describe('a client that sends its headers slowly', () => {
  it('is cut off with a 408 once 10 s have passed without whole headers, as the site does (issue 36)', async () => {
    const { hostname, port } = new URL(cmsUrl());
    const { answer, afterMs } = await new Promise<{ answer: string; afterMs: number }>((resolve, reject) => {
      const started = Date.now();
      // A request line and one header, then nothing: the end of the headers never comes.
      const socket = net.connect(Number(port), hostname, () => socket.write('GET /api/categories HTTP/1.1\r\nHost: cms\r\n'));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve({ answer: text, afterMs: Date.now() - started }));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // Within a second of the limit (Node checks every second): the default checked every 30 s.
    expect(afterMs).toBeGreaterThanOrEqual(9_000);
    expect(afterMs).toBeLessThan(13_000);
  }, 30_000);
});
