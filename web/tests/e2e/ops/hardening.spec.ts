import net from 'node:net';
import { expect, test } from '@playwright/test';

/** Raw bytes to the production server; resolves with its answer when it closes the connection. */
function raw(baseURL: string, text: string): Promise<{ answer: string; afterMs: number }> {
  const url = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve({ answer, afterMs: Date.now() - started }));
    socket.on('error', reject);
  });
}

// Issue 25, against the production build as `npm start` runs it.
test.describe('the production server', () => {
  test('cuts off a request whose body stalls within 30 s, with a 408', async ({ baseURL }) => {
    test.setTimeout(60_000);
    const { answer, afterMs } = await raw(baseURL!, 'POST /_webhooks/content HTTP/1.1\r\nHost: site\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"event": "');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeLessThan(30_000);
  });

  test('answers TRACE and TRACK with 405, and two Host headers with 400, never a 5xx', async ({ baseURL }) => {
    for (const method of ['TRACE', 'TRACK']) {
      const { answer } = await raw(baseURL!, `${method} / HTTP/1.1\r\nHost: site\r\nConnection: close\r\n\r\n`);
      expect(answer, method).toMatch(/^HTTP\/1\.1 405 [^]*allow: GET, HEAD, POST, OPTIONS/i);
    }
    const { answer } = await raw(baseURL!, 'GET /dailyPage/project HTTP/1.1\r\nHost: site\r\nHost: other\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  });
});

test.describe('one page, one cache entry (issue 25)', () => {
  test('other spellings of a page are redirected to it; an address deeper than any page is a 414', async ({ request }) => {
    for (const spelling of ['/DaILypaGE/PrOjeCT', '/dai%6Cy%50age/project']) {
      const response = await request.get(spelling, { maxRedirects: 0 });
      expect(response.status(), spelling).toBe(301);
      expect(response.headers().location).toBe('/dailyPage/project');
    }
    expect((await request.get(`/${'a/'.repeat(2000)}`)).status()).toBe(414);
  });

  test('every unknown address is the same 404 page, kept once', async ({ request }) => {
    const bodies = new Set<string>();
    for (let n = 0; n < 20; n += 1) {
      const response = await request.get(`/no-such-${n}/${Math.random().toString(36).slice(2)}`);
      expect(response.status()).toBe(404);
      bodies.add(await response.text());
    }
    // Served from the page cache after the first: byte for byte the same page (a render has a fresh nonce).
    expect(bodies.size).toBeLessThanOrEqual(2);
  });
});
