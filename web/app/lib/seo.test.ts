import { describe, expect, it } from 'vitest';
import type { Media } from './media';
import { jsonForScript, originOf, seoMeta, shareImage, summary } from './seo';

const cover: Media = { url: '/uploads/cover.jpg', kind: 'image', alt: '封面', width: 2400, height: 1600, formats: [], placeholder: null };

describe('page metadata', () => {
  it('gives a canonical address, Open Graph and a large Twitter card with an absolute 1200 px picture', () => {
    const tags = seoMeta('https://studio.example', { title: '山海 · 拾光设计', description: '一段描述', path: '/dailyPage/project/abc?documentId=abc', image: cover, type: 'article' });
    const find = (key: string, value: string) => tags.find((tag) => (tag as Record<string, string>)[key] === value) as Record<string, string> | undefined;
    expect(find('rel', 'canonical')?.href).toBe('https://studio.example/dailyPage/project/abc?documentId=abc');
    expect(find('property', 'og:image')?.content).toBe('https://studio.example/_img/1200/uploads/cover.jpg');
    expect(find('property', 'og:image:height')?.content).toBe('800');
    expect(find('property', 'og:locale')?.content).toBe('zh_CN');
    expect(find('name', 'twitter:card')?.content).toBe('summary_large_image');
    expect(tags).toContainEqual({ title: '山海 · 拾光设计' });
  });

  it('uses a small original as it is, and a summary card without a picture', () => {
    expect(shareImage('https://studio.example', { ...cover, width: 800, height: 600 }).url).toBe('https://studio.example/uploads/cover.jpg');
    const tags = seoMeta('https://studio.example', { title: 't', description: 'd', path: '/dailyPage/profile' });
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
