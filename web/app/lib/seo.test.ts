import { describe, expect, it } from 'vitest';
import type { Media } from './media';
import { jsonForScript, originOf, seoMeta, shareImage, summary } from './seo';

const cover: Media = { url: '/uploads/cover.jpg', kind: 'image', alt: '封面', width: 2400, height: 1600, formats: [], placeholder: null };

describe('page metadata', () => {
  it('gives a canonical address, Open Graph and a large Twitter card with an absolute 1200 px picture', () => {
    const tags = seoMeta('https://studio.example', { title: '山海 · 拾光设计', description: '一段描述', path: '/dailyPage/project/abc?documentId=abc', language: 'zh', image: cover, type: 'article' });
    const find = (key: string, value: string) => tags.find((tag) => (tag as Record<string, string>)[key] === value) as Record<string, string> | undefined;
    expect(find('rel', 'canonical')?.href).toBe('https://studio.example/dailyPage/project/abc?documentId=abc');
    expect(find('property', 'og:image')?.content).toBe('https://studio.example/_img/1200/uploads/cover.jpg');
    expect(find('property', 'og:image:height')?.content).toBe('800');
    expect(find('property', 'og:locale')?.content).toBe('zh_CN');
    expect(find('name', 'twitter:card')?.content).toBe('summary_large_image');
    expect(tags).toContainEqual({ title: '山海 · 拾光设计' });
  });

  it('pairs the twins: each canonical to itself, both naming Chinese, English and Chinese as the default', () => {
    const path = '/dailyPage/project?category=%E5%93%81%E7%89%8C';
    const zh = seoMeta('https://studio.example', { title: 't', description: 'd', path, language: 'zh' });
    const en = seoMeta('https://studio.example', { title: 't', description: 'd', path, language: 'en' });
    const links = (tags: typeof zh) => tags.filter((tag) => 'tagName' in tag && tag.tagName === 'link') as Array<Record<string, string>>;
    const alternates = (tags: typeof zh) => links(tags).filter((tag) => tag.rel === 'alternate').map((tag) => [tag.hrefLang, tag.href]);
    const expected = [
      ['zh-Hans', `https://studio.example${path}`],
      ['en', `https://studio.example/en${path}`],
      ['x-default', `https://studio.example${path}`],
    ];
    expect(alternates(zh)).toEqual(expected);
    expect(alternates(en)).toEqual(expected);
    expect(links(zh).find((tag) => tag.rel === 'canonical')?.href).toBe(`https://studio.example${path}`);
    expect(links(en).find((tag) => tag.rel === 'canonical')?.href).toBe(`https://studio.example/en${path}`);
    expect(en).toContainEqual({ property: 'og:locale', content: 'en_US' });
    expect(en).toContainEqual({ property: 'og:locale:alternate', content: 'zh_CN' });
    const jsonLd = en.flatMap((tag) => ('script:ld+json' in tag ? [tag['script:ld+json'] as Record<string, unknown>] : []));
    expect(jsonLd.length).toBeGreaterThan(0);
    for (const data of jsonLd) expect(data.inLanguage).toBe('en');
  });

  it('uses a small original as it is, and a summary card without a picture', () => {
    expect(shareImage('https://studio.example', { ...cover, width: 800, height: 600 }).url).toBe('https://studio.example/uploads/cover.jpg');
    const tags = seoMeta('https://studio.example', { title: 't', description: 'd', path: '/dailyPage/profile', language: 'zh' });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary' });
  });

  it('finds the origin in the root loader data, with a safe fallback', () => {
    expect(originOf([{ id: 'root', loaderData: { origin: 'https://studio.example' } }])).toBe('https://studio.example');
    expect(originOf([])).toBe('http://localhost');
  });

  it('shortens descriptions at a character boundary', () => {
    expect(summary('第一行\n\n第二行')).toBe('第一行 第二行');
    expect([...summary('字'.repeat(200), 150)]).toHaveLength(150);
  });

  it('serialises structured data so content cannot close the script element', () => {
    const text = jsonForScript({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
