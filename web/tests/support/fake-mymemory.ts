import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the MyMemory API (tests never reach the internet). Three behaviours by path
 * prefix: /ok translates, /down answers 503, /quota answers the daily-quota warning. Like the real
 * service it refuses queries over 500 bytes. "English" is deterministic and has no Chinese in it.
 */
export function fakeEnglish(text: string): string {
  return text.replace(/\p{Script=Han}+/gu, (run) => ` ${[...run].map((char) => `w${char.codePointAt(0)!.toString(36)}`).join('-')} `).replace(/\s+/g, ' ').trim();
}

export interface FakeMyMemory {
  url: string;
  /**
   * Provider calls so far (also served as GET /__calls, with the count per queried text for each
   * mode: `byText` for `/ok`, the site's own provider; the failing sites' calls are apart).
   */
  calls(): number;
  close(): Promise<void>;
}

export async function startFakeMyMemory(port = 0): Promise<FakeMyMemory> {
  let calls = 0;
  const byMode: Record<string, Record<string, number>> = {};
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/__calls') return json(200, { calls, byText: byMode.ok ?? {}, byMode });
    const [, mode, endpoint] = url.pathname.split('/');
    if (endpoint !== 'get') return json(404, { error: 'not found' });
    calls += 1;
    const q = url.searchParams.get('q') ?? '';
    const byText = (byMode[mode ?? ''] ??= {});
    byText[q] = (byText[q] ?? 0) + 1;
    if (url.searchParams.get('langpair') !== 'zh|en') return json(200, { responseData: { translatedText: 'INVALID LANGUAGE PAIR' }, responseStatus: 403 });
    if (mode === 'down') return json(503, { error: 'unavailable' });
    if (mode === 'quota') {
      return json(200, {
        responseData: { translatedText: 'MYMEMORY WARNING: YOU USED ALL AVAILABLE FREE TRANSLATIONS FOR TODAY.' },
        responseStatus: 429,
        quotaFinished: true,
      });
    }
    if (Buffer.byteLength(q, 'utf8') > 500) {
      return json(200, { responseData: { translatedText: 'QUERY LENGTH LIMIT EXCEEDED. MAX ALLOWED QUERY : 500 CHARS' }, responseStatus: 403 });
    }
    return json(200, { responseData: { translatedText: fakeEnglish(q), match: 1 }, responseStatus: 200, quotaFinished: false });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    calls: () => calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
