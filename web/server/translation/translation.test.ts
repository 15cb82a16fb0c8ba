import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEnglish, startFakeMyMemory, type FakeMyMemory } from '../../tests/support/fake-mymemory';
import { createTranslationCache } from './cache';
import { createMyMemoryProvider, TranslationError } from './provider';
import { createQuota } from './quota';
import { createTranslationService } from './service';

let fake: FakeMyMemory;
let dir: string;

beforeAll(async () => {
  fake = await startFakeMyMemory();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'translate-test-'));
});
afterAll(async () => {
  await fake.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('the MyMemory provider', () => {
  it('sends q, langpair zh|en and the optional e-mail as de', async () => {
    const seen: string[] = [];
    const provider = createMyMemoryProvider({
      baseUrl: 'http://provider.test/',
      email: 'studio@example.com',
      fetchImpl: async (url) => {
        seen.push(String(url));
        return Response.json({ responseData: { translatedText: 'Hello' }, responseStatus: 200 });
      },
    });
    await expect(provider.translate('你好')).resolves.toBe('Hello');
    const url = new URL(seen[0]!);
    expect(url.pathname).toBe('/get');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: '你好', langpair: 'zh|en', de: 'studio@example.com' });
  });

  it.each([
    ['a provider that is down', 'down'],
    ['a spent quota', 'quota'],
  ])('treats %s as a failure', async (_what, mode) => {
    const provider = createMyMemoryProvider({ baseUrl: `${fake.url}/${mode}` });
    await expect(provider.translate('你好')).rejects.toBeInstanceOf(TranslationError);
  });

  it('treats warning texts and non-200 statuses as failures even with HTTP 200', async () => {
    for (const body of [
      { responseData: { translatedText: 'QUERY LENGTH LIMIT EXCEEDED' }, responseStatus: 200 },
      { responseData: { translatedText: 'MYMEMORY WARNING: ...' }, responseStatus: 200 },
      { responseData: { translatedText: 'ok' }, responseStatus: '403' },
      { responseData: { translatedText: 'ok' }, responseStatus: 200, quotaFinished: true },
      { unexpected: true },
    ]) {
      const provider = createMyMemoryProvider({ baseUrl: 'http://p.test', fetchImpl: async () => Response.json(body) });
      await expect(provider.translate('你好')).rejects.toBeInstanceOf(TranslationError);
    }
  });
});

describe('the translation service', () => {
  it('fetches only cache misses, keeps them across restarts, and never caches failures', async () => {
    const file = path.join(dir, 'cache-a.db');
    const ok = createMyMemoryProvider({ baseUrl: `${fake.url}/ok` });
    const first = createTranslationService({ provider: ok, cache: createTranslationCache(file) });
    const before = fake.calls();
    const result = await first.translateAll(['项目', '文章', '项目']);
    expect(result).toEqual({ translations: { 项目: fakeEnglish('项目'), 文章: fakeEnglish('文章') }, failed: [] });
    expect(fake.calls() - before).toBe(2);

    // "Restart": a new service on the same file answers without the provider.
    const again = createTranslationService({ provider: ok, cache: createTranslationCache(file) });
    const calls = fake.calls();
    await again.translateAll(['项目', '文章']);
    expect(fake.calls()).toBe(calls);

    const down = createTranslationService({ provider: createMyMemoryProvider({ baseUrl: `${fake.url}/down` }), cache: createTranslationCache(file) });
    expect((await down.translateAll(['失败的文本'])).failed).toEqual(['失败的文本']);
    expect(createTranslationCache(file).getMany(['失败的文本']).size).toBe(0);
  });

  it('spends at most the daily character budget on the provider, then answers from the cache alone, across restarts', async () => {
    const file = path.join(dir, 'cache-budget.db');
    const ok = createMyMemoryProvider({ baseUrl: `${fake.url}/ok` });
    let time = Date.parse('2026-11-23T10:00:00Z');
    const make = () => createTranslationService({ provider: ok, cache: createTranslationCache(file), dailyChars: 10, now: () => time });
    const service = make();
    const before = fake.calls();
    expect((await service.translateAll(['一二三四五', '六七八九十'])).failed).toEqual([]);
    expect(await service.budget()).toEqual({ spent: 10, limit: 10 });
    const spent = await service.translateAll(['一二三四五', '新的字']);
    expect(spent.translations).toEqual({ 一二三四五: fakeEnglish('一二三四五') });
    expect(spent.failed).toEqual(['新的字']);
    expect((await make().translateAll(['新的字'])).failed).toEqual(['新的字']); // after a restart too
    expect(fake.calls() - before).toBe(2);
    time += 24 * 3_600_000; // the next day (UTC)
    expect((await make().translateAll(['新的字'])).failed).toEqual([]);
  });

  it('never overshoots the daily budget with parallel requests', async () => {
    const sent: string[] = [];
    const provider = {
      async translate(text: string) {
        sent.push(text);
        await new Promise((resolve) => setTimeout(resolve, 2));
        return `en ${text.length}`;
      },
    };
    const service = createTranslationService({ provider, cache: createTranslationCache(':memory:'), dailyChars: 20 });
    // 30 requests at once, each with two new four-character texts: 240 characters asked for.
    await Promise.all(Array.from({ length: 30 }, (_, n) => service.translateAll([`第${n}个字甲`, `第${n}个字乙`], { client: `198.51.100.${n}` })));
    const spent = sent.reduce((sum, text) => sum + text.length, 0);
    expect(spent).toBeLessThanOrEqual(20);
    expect(spent).toBeGreaterThanOrEqual(10);
    expect(await service.budget()).toEqual({ spent, limit: 20 });
  });

  it("keeps each client, and the whole site, to a share of the provider's characters a minute", async () => {
    let time = Date.parse('2026-11-23T10:00:10Z');
    const sent: string[] = [];
    const provider = { translate: async (text: string) => (sent.push(text), `en ${text}`) };
    const service = createTranslationService({
      provider,
      cache: createTranslationCache(':memory:'),
      perMinute: { perClient: createQuota({ limit: 8, windowMs: 60_000, now: () => time }), site: createQuota({ limit: 12, windowMs: 60_000, now: () => time }) },
      now: () => time,
    });
    // One client: its 8 characters this minute, then failures (the page keeps its Chinese).
    expect((await service.translateAll(['一二三四', '五六七八', '九十百千'], { client: 'a' })).failed).toEqual(['九十百千']);
    // Another client still gets through, until the site's 12 are spent.
    expect((await service.translateAll(['甲乙丙丁', '戊己庚辛'], { client: 'b' })).failed).toEqual(['戊己庚辛']);
    expect(sent).toEqual(['一二三四', '五六七八', '甲乙丙丁']);
    time += 60_000; // the next minute
    expect((await service.translateAll(['九十百千', '戊己庚辛'], { client: 'a' })).failed).toEqual([]);
  });

  it('keeps at most the configured number of translations, dropping the longest unused', () => {
    let time = 0;
    const cache = createTranslationCache(':memory:', { maxEntries: 3, now: () => time });
    for (const text of ['甲', '乙', '丙']) {
      time += 86_400_001;
      cache.set(text, text);
    }
    time += 86_400_001;
    cache.getMany(['甲']); // still on a page
    cache.set('丁', '丁');
    expect(cache.size()).toBe(3);
    expect([...cache.getMany(['甲', '乙', '丙', '丁']).keys()]).toEqual(['甲', '丙', '丁']);
  });

  it('splits a text over 500 bytes and joins the translations', async () => {
    const service = createTranslationService({ provider: createMyMemoryProvider({ baseUrl: `${fake.url}/ok` }), cache: createTranslationCache(':memory:') });
    const long = '这是一段比较长的文字，用来测试拆分。'.repeat(15);
    const { translations, failed } = await service.translateAll([long]);
    expect(failed).toEqual([]);
    expect(translations[long]).not.toMatch(/\p{Script=Han}/u);
    expect(translations[long]).not.toMatch(/QUERY LENGTH LIMIT/);
  });

  it('keeps at most the configured number of provider calls in flight, and shares identical ones', async () => {
    let inFlight = 0;
    let peak = 0;
    let calls = 0;
    const provider = {
      async translate(text: string) {
        calls += 1;
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        return `en:${text.length}`;
      },
    };
    const service = createTranslationService({ provider, cache: createTranslationCache(':memory:'), concurrency: 3 });
    const texts = Array.from({ length: 12 }, (_, n) => `文本${n}`);
    await Promise.all([service.translateAll(texts), service.translateAll(texts)]);
    expect(peak).toBeLessThanOrEqual(3);
    expect(calls).toBe(12);
  });
});
