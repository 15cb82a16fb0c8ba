import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the MyMemory API (tests never reach the internet), as the CMS's fill calls
 * it (issue 38): `GET /<mode>/get?q=TEXT&langpair=FROM|TO`. Its translation is deterministic and
 * tells the languages apart: every run of Chinese becomes words of the target's letters (`w…` in
 * English, `de…` in German), and a text without Chinese (the interface's English) gets the target's
 * code after it. Modes, by path: `/ok` translates, `/down` answers 503, `/quota` the daily-quota
 * warning, and `/switch` does what `POST /__mode?switch=ok|down` last said (a provider that goes
 * down and comes back while the CMS runs). Like the real service it refuses queries over 500 bytes
 * and language pairs it does not know.
 */
export function fakeTranslation(text: string, to: string): string {
  const letters = to === 'en' ? 'w' : (to.split('-')[0] ?? to).toLowerCase();
  const hasHan = /\p{Script=Han}/u.test(text);
  const words = text.replace(/\p{Script=Han}+/gu, (run) => ` ${[...run].map((char) => `${letters}${char.codePointAt(0)!.toString(36)}`).join('-')} `).replace(/\s+/g, ' ').trim();
  return hasHan || to === 'en' ? words : `${words} (${to})`;
}

/** The fake's English of a Chinese text (what the en locale of a seeded text is once filled). */
export const fakeEnglish = (text: string): string => fakeTranslation(text, 'en');

/** The provider's names of languages the fake knows (MyMemory's: `zh-CN`, `en`, `de`…). */
const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;

export interface FakeMyMemory {
  url: string;
  /**
   * Provider calls so far (also served as GET /__calls, with the count per queried text for each
   * mode and the language pairs asked for).
   */
  calls(): number;
  /** What `/switch` does from now on. */
  setSwitch(mode: 'ok' | 'down'): void;
  close(): Promise<void>;
}

export async function startFakeMyMemory(port = 0): Promise<FakeMyMemory> {
  let calls = 0;
  let switched: 'ok' | 'down' = 'ok';
  const byMode: Record<string, Record<string, number>> = {};
  const pairs: Record<string, number> = {};
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/__calls') return json(200, { calls, byText: byMode.ok ?? {}, byMode, pairs, switch: switched });
    if (url.pathname === '/__mode' && req.method === 'POST') {
      const mode = url.searchParams.get('switch');
      if (mode !== 'ok' && mode !== 'down') return json(400, { error: 'switch=ok|down' });
      switched = mode;
      return json(200, { switch: switched });
    }
    const [, asked, endpoint] = url.pathname.split('/');
    if (endpoint !== 'get') return json(404, { error: 'not found' });
    calls += 1;
    const mode = asked === 'switch' ? switched : asked;
    const q = url.searchParams.get('q') ?? '';
    const byText = (byMode[asked ?? ''] ??= {});
    byText[q] = (byText[q] ?? 0) + 1;
    const langpair = url.searchParams.get('langpair') ?? '';
    pairs[langpair] = (pairs[langpair] ?? 0) + 1;
    const [from = '', to = '', extra] = langpair.split('|');
    if (extra !== undefined || !LANGUAGE.test(from) || !LANGUAGE.test(to) || from === to) {
      return json(200, { responseData: { translatedText: `'${langpair}' IS AN INVALID LANGUAGE PAIR` }, responseStatus: 403 });
    }
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
    return json(200, { responseData: { translatedText: fakeTranslation(q, to), match: 1 }, responseStatus: 200, quotaFinished: false });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    calls: () => calls,
    setSwitch: (mode) => void (switched = mode),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
