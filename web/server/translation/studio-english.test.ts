import { describe, expect, it, vi } from 'vitest';
import type { ContentClient } from '../../app/lib/content/content-client.server';
import { createTranslationCache } from './cache';
import type { TranslationProvider } from './provider';
import { createTranslationService } from './service';
import { createStudioEnglish } from './studio-english';

type Entry = { source: string; machine: string | null; english: string | null };

/** A content client whose CMS holds `entries` (the English texts collection). */
const clientOf = (entries: () => Entry[] | Error) =>
  ({
    get: async () => {
      const value = entries();
      if (value instanceof Error) throw value;
      return value;
    },
  }) as unknown as ContentClient;

const provider = (): TranslationProvider & { calls: string[] } => {
  const calls: string[] = [];
  return { calls, translate: async (text: string) => (calls.push(text), `machine(${text})`) };
};

describe("the studio's English", () => {
  it('wins over the machine translation, and the machine one comes back when it is cleared', async () => {
    let entries: Entry[] = [{ source: '拾光设计', machine: 'machine(拾光设计)', english: 'Shiguang Studio' }];
    const machine = provider();
    const service = createTranslationService({
      provider: machine,
      cache: createTranslationCache(':memory:'),
      studio: createStudioEnglish({ cmsUrl: 'http://cms.test', secret: 'a-site-secret-of-enough-length', client: clientOf(() => entries), fetchImpl: vi.fn() }),
    });
    expect((await service.translateAll(['拾光设计', '项目'])).translations).toEqual({ 拾光设计: 'Shiguang Studio', 项目: 'machine(项目)' });
    expect(machine.calls).toEqual(['项目']); // never paid for a text the studio wrote
    entries = [{ source: '拾光设计', machine: 'machine(拾光设计)', english: '  ' }];
    expect((await service.translateAll(['拾光设计'])).translations).toEqual({ 拾光设计: 'machine(拾光设计)' });
  });

  it('reports the machine translations the CMS does not hold yet, once, in one batch', async () => {
    vi.useFakeTimers();
    try {
      const fetchImpl = vi.fn(async () => new Response('{"created":1,"updated":0}'));
      const service = createTranslationService({
        provider: provider(),
        cache: createTranslationCache(':memory:'),
        studio: createStudioEnglish({
          cmsUrl: 'http://cms.test',
          secret: 'a-site-secret-of-enough-length',
          client: clientOf(() => [{ source: '已知', machine: 'known', english: null }]),
          fetchImpl,
        }),
      });
      await service.translateAll(['已知', '新文本', '另一段']);
      await service.translateAll(['新文本']);
      await vi.advanceTimersByTimeAsync(1_500);
      expect(fetchImpl).toHaveBeenCalledTimes(1);
      const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('http://cms.test/api/translations/report');
      expect((init.headers as Record<string, string>).authorization).toBe('Bearer a-site-secret-of-enough-length');
      expect(JSON.parse(String(init.body))).toEqual({
        items: [
          { source: '新文本', machine: 'machine(新文本)' },
          { source: '另一段', machine: 'machine(另一段)' },
        ],
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves machine translation working when the CMS is away', async () => {
    const service = createTranslationService({
      provider: provider(),
      cache: createTranslationCache(':memory:'),
      studio: createStudioEnglish({ cmsUrl: 'http://cms.test', secret: undefined, client: clientOf(() => new Error('down')), fetchImpl: vi.fn() }),
    });
    expect((await service.translateAll(['项目'])).translations).toEqual({ 项目: 'machine(项目)' });
  });
});
