import { describe, expect, it } from 'vitest';
import type { Media } from '../media/media';
import { jsonForScript, originOf, seoMeta, shareImage, studioJsonLd, summary } from './seo';
import { unnamedStudio, type Studio } from '../content/studio';
import type { SiteLocales } from '../language/language';

const locales: SiteLocales = { source: 'zh-Hans', others: ['en'] };
const threeLocales: SiteLocales = { source: 'zh-Hans', others: ['en', 'de'] };

const cover: Media = { url: '/uploads/cover.jpg', kind: 'image', alt: '封面', width: 2400, height: 1600, formats: [], placeholder: null };
/** A studio of the test's own making (never the demo's). */
const studio: Studio = { ...unnamedStudio('山海工作室'), nameLatin: 'SHANHAI', alternateNames: ['Shanhai Studio', 'SHANHAI'], country: 'CN' };

describe('page metadata', () => {
  it('gives a canonical address, Open Graph and a large Twitter card with an absolute 1200 px picture', () => {
    const tags = seoMeta('https://studio.example', { studio, title: '山海 · 山海工作室', description: '一段描述', path: '/dailyPage/project/abc?documentId=abc', language: 'zh-Hans', locales, image: cover, type: 'article' });
    const find = (key: string, value: string) => tags.find((tag) => (tag as Record<string, string>)[key] === value) as Record<string, string> | undefined;
    expect(find('rel', 'canonical')?.href).toBe('https://studio.example/dailyPage/project/abc?documentId=abc');
    expect(find('property', 'og:image')?.content).toBe('https://studio.example/_img/1200/uploads/cover.jpg');
    expect(find('property', 'og:image:height')?.content).toBe('800');
    expect(find('property', 'og:locale')?.content).toBe('zh_CN');
    expect(find('name', 'twitter:card')?.content).toBe('summary_large_image');
    expect(tags).toContainEqual({ title: '山海 · 山海工作室' });
    expect(tags).toContainEqual({ property: 'og:site_name', content: '山海工作室' });
  });

  it('pairs the twins: each canonical to itself, both naming Chinese, English and Chinese as the default', () => {
    const path = '/dailyPage/project?category=%E5%93%81%E7%89%8C';
    const zh = seoMeta('https://studio.example', { studio, title: 't', description: 'd', path, language: 'zh-Hans', locales });
    const en = seoMeta('https://studio.example', { studio, title: 't', description: 'd', path, language: 'en', locales });
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

  it('names every locale a page is really in, and no other (issue 38)', () => {
    const path = '/dailyPage/project/abc?documentId=abc';
    const de = seoMeta('https://studio.example', { studio, title: 't', description: 'd', path, language: 'de', locales: threeLocales });
    const hrefLangs = (tags: typeof de) => tags.flatMap((tag) => ('tagName' in tag && tag.rel === 'alternate' ? [[tag.hrefLang, tag.href]] : []));
    expect(hrefLangs(de)).toEqual([
      ['zh-Hans', `https://studio.example${path}`],
      ['en', `https://studio.example/en${path}`],
      ['de', `https://studio.example/de${path}`],
      ['x-default', `https://studio.example${path}`],
    ]);
    expect(de).toContainEqual({ property: 'og:locale', content: 'de_DE' });
    for (const tag of de) if ('script:ld+json' in tag) expect((tag['script:ld+json'] as { inLanguage: string }).inLanguage).toBe('de');
    // Not translated into German yet: its twins leave German out.
    const notYet = seoMeta('https://studio.example', { studio, title: 't', description: 'd', path, language: 'zh-Hans', locales: threeLocales, alternates: ['zh-Hans', 'en'] });
    expect(hrefLangs(notYet).map(([lang]) => lang)).toEqual(['zh-Hans', 'en', 'x-default']);
    expect(notYet).not.toContainEqual({ property: 'og:locale:alternate', content: 'de_DE' });
  });

  it('uses a small original as it is, and a summary card without a picture', () => {
    expect(shareImage('https://studio.example', { ...cover, width: 800, height: 600 }).url).toBe('https://studio.example/uploads/cover.jpg');
    const tags = seoMeta('https://studio.example', { studio, title: 't', description: 'd', path: '/dailyPage/profile', language: 'zh-Hans', locales });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary' });
  });

  it("shows the studio's share picture where a page has none of its own (issue 37)", () => {
    const card: Media = { ...cover, url: '/uploads/card.jpg', alt: '工作室' };
    const tags = seoMeta('https://studio.example', { studio: { ...studio, shareImage: card }, title: 't', description: 'd', path: '/dailyPage/profile', language: 'zh-Hans', locales });
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://studio.example/_img/1200/uploads/card.jpg' });
    expect(tags).toContainEqual({ property: 'og:image:alt', content: '工作室' });
  });

  it('cuts a social card around the focus the editor set, in the endpoint’s steps of 5 % (issue 37)', () => {
    expect(shareImage('https://studio.example', { ...cover, focus: { x: 93, y: 12 } })).toEqual({ url: 'https://studio.example/_img/card-95-10/uploads/cover.jpg', width: 1200, height: 630 });
    // Too small for a card: its own size, uncut.
    expect(shareImage('https://studio.example', { ...cover, width: 1000, height: 500, focus: { x: 93, y: 12 } }).url).toBe('https://studio.example/uploads/cover.jpg');
  });

  it("describes the studio as it names itself, with the country of its content, and none when it sets none (issue 37)", () => {
    const contact = { address: '山路 1 号', phone: '', mail: '' };
    const data = studioJsonLd('https://studio.example', studio, contact, 'zh-Hans', locales);
    expect(data).toMatchObject({ '@type': 'Organization', name: '山海工作室', alternateName: ['Shanhai Studio', 'SHANHAI'], address: { addressCountry: 'CN' } });
    const elsewhere = studioJsonLd('https://studio.example', { ...studio, country: null }, contact, 'zh-Hans', locales);
    expect(elsewhere.address).toEqual({ '@type': 'PostalAddress', streetAddress: '山路 1 号' });
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
