import { describe, expect, it, vi } from 'vitest';
import { chineseTexts, createEnglishContent, withEnglish } from './english-content';

const project = {
  documentId: 'abc',
  name: '山海',
  author: '林一',
  addTime: '2024-05-01',
  category: '品牌',
  media: [{ url: '/uploads/山海.jpg', alt: '一座山', placeholder: null }],
  description: [{ type: 'paragraph', children: [{ type: 'text', text: '第一段' }] }],
};

describe('the English pages’ content', () => {
  it('finds every Chinese text a visitor reads, and none of the addresses, ids or filter keys', () => {
    expect([...chineseTexts(project)]).toEqual(['山海', '林一', '一座山', '第一段']);
  });

  it('replaces texts in a copy and leaves the cached original as it was', () => {
    const english = withEnglish(project, (text) => ({ 山海: 'Mountains and seas', 一座山: 'A mountain' })[text]);
    expect(english.name).toBe('Mountains and seas');
    expect(english.media[0]?.alt).toBe('A mountain');
    expect(english.media[0]?.url).toBe('/uploads/山海.jpg');
    expect(english.author).toBe('林一');
    expect(project.name).toBe('山海');
  });

  it('takes what the cache knows at once, asks the provider for the rest, and the interface dictionary for its own texts', async () => {
    const service = {
      known: vi.fn(async (texts: readonly string[]) => new Map(texts.filter((text) => text === '山海').map((text) => [text, 'Mountains and seas']))),
      translateAll: vi.fn(async (texts: readonly string[]) => ({ translations: Object.fromEntries(texts.map((text) => [text, `EN(${text})`])), failed: [] })),
    };
    const content = createEnglishContent({ service, interfaceEnglish: new Map([['奖项', 'Award']]), deadlineMs: 1_000 });
    const { value, complete } = await content.translate({ ...project, badge: '奖项' }, { client: '203.0.113.1' });
    expect(complete).toBe(true);
    expect(value.name).toBe('Mountains and seas');
    expect(value.author).toBe('EN(林一)');
    expect(value.badge).toBe('Award');
    expect(service.translateAll).toHaveBeenCalledWith(['林一', '一座山', '第一段'], { client: '203.0.113.1' });
  });

  it('does not hold the page past the deadline: what is missing stays Chinese this time and lands in the cache later', async () => {
    let finish: () => void = () => {};
    const landed = new Promise<void>((resolve) => (finish = resolve));
    const service = {
      known: async () => new Map<string, string>(),
      translateAll: vi.fn(async (texts: readonly string[]) => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        finish();
        return { translations: Object.fromEntries(texts.map((text) => [text, 'late'])), failed: [] };
      }),
    };
    const content = createEnglishContent({ service, interfaceEnglish: new Map(), deadlineMs: 20 });
    const started = Date.now();
    const { value, complete } = await content.translate({ name: '山海' }, { client: 'x' });
    expect(Date.now() - started).toBeLessThan(150);
    expect(complete).toBe(false);
    expect(value.name).toBe('山海');
    await landed;
  });

  it('keeps the Chinese of a text the provider failed on, and says the page is not complete', async () => {
    const service = {
      known: async () => new Map<string, string>(),
      translateAll: async () => ({ translations: { 山海: 'Mountains' }, failed: ['林一'] }),
    };
    const content = createEnglishContent({ service, interfaceEnglish: new Map(), deadlineMs: 1_000 });
    const { value, complete } = await content.translate({ name: '山海', author: '林一' }, { client: 'x' });
    expect(value).toEqual({ name: 'Mountains', author: '林一' });
    expect(complete).toBe(false);
  });
});
