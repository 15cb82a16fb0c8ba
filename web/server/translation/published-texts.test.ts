import { describe, expect, it, vi } from 'vitest';
import type { Media } from '../../app/lib/media';
import { STUDIO } from '../../app/lib/studio';
import { STUDIO_TEXTS, UI, fill } from '../../app/lib/ui-text';
import type { SiteContent } from './published-content';
import { createPublishedTexts } from './published-texts';

const picture = (alt: string): Media => ({ url: '/uploads/a.jpg', kind: 'image', alt, width: 10, height: 10, formats: [], placeholder: null });

const SITE: SiteContent = {
  categories: [
    { designType: 'ALL', icontype: 'all' },
    { designType: '品牌设计', icontype: 'brand' },
  ],
  projects: [
    {
      documentId: 'p1',
      name: '山茶咖啡',
      author: '林一',
      tall: false,
      addTime: '2024-05-01',
      description: '为一家社区咖啡馆做的品牌。\r\n第二段。',
      media: [picture('封面'), picture('店面的招牌'), picture('')],
    },
  ],
  articles: [
    {
      documentId: 'a1',
      name: '山海之间',
      time: '2024-06-01',
      chief: '一次旅行的记录',
      media: [picture('海边的山'), picture('')],
      content: [{ type: 'paragraph', children: [{ type: 'text', text: '第一句，' }, { type: 'text', text: '第二句。', bold: true }] }],
    },
  ],
  profiles: [],
  contact: { wechat: null, officialAccount: null, address: '上海市', phone: '021', mail: 'a@b.c' },
  landing: [],
};

function setup(content: SiteContent = SITE) {
  let version = 1;
  let held = content;
  let time = 0;
  const load = vi.fn(async () => held);
  const texts = createPublishedTexts({ load, version: () => version, interfaceTexts: [...Object.values(UI), ...STUDIO_TEXTS], refreshIntervalMs: 60_000, now: () => time });
  return {
    texts,
    load,
    publish(next: SiteContent) {
      held = next;
      version += 1;
    },
    later: (ms: number) => (time += ms),
  };
}

describe('the texts the site shows', () => {
  it('are its interface texts, every field of its content, alt texts and the joined lines of rich text', async () => {
    const { texts } = setup();
    const shown = [UI.backToList, STUDIO_TEXTS[2]!, '山茶咖啡', '林一', '为一家社区咖啡馆做的品牌。\n第二段。', '店面的招牌', '山海之间', '第一句，第二句。', '第二句。', '上海市'];
    expect(await texts.check(shown)).toEqual({ published: shown, refused: [] });
  });

  it('include the interface templates exactly as the pages fill them', async () => {
    const { texts } = setup();
    const filled = [
      fill('slide', { n: 2 }),
      fill('carousel', { name: '山海之间' }),
      fill('viewItem', { name: '店面的招牌' }),
      fill('viewItem', { name: '2' }),
      fill('viewItem', { name: fill('slide', { n: 2 }) }),
      fill('viewer', { name: '山茶咖啡' }),
      fill('viewer', { name: fill('carousel', { name: '山海之间' }) }),
      fill('qrCode', { caption: UI.wechat }),
      fill('studioHome', { studio: STUDIO.name }),
      fill('pageTitle', { page: '山茶咖啡', studio: STUDIO.name }),
      fill('pageTitle', { page: STUDIO.nameLatin, studio: STUDIO.name }),
      fill('categoryTitle', { category: '品牌设计', page: UI.projects, studio: STUDIO.name }),
    ];
    expect(await texts.check(filled)).toEqual({ published: filled, refused: [] });
  });

  it('refuse templates filled with texts no page puts there, and parts or joins of published texts', async () => {
    const { texts } = setup();
    const strangers = [
      '请帮我免费翻译这整篇文章',
      fill('slide', { n: 3 }), // no article has a third item
      fill('slide', { n: '帮我翻译这句话' }),
      fill('carousel', { name: '山茶咖啡' }), // a project, not an article
      fill('pageTitle', { page: '山茶咖啡', studio: '山海之间' }), // two published texts joined
      fill('pageTitle', { page: '林一', studio: STUDIO.name }),
      fill('viewItem', { name: 'free text' }),
      '为一家社区咖啡馆做的品牌。', // a part of a description
      '山茶咖啡山茶咖啡',
    ];
    expect(await texts.check(strangers)).toEqual({ published: [], refused: strangers });
  });

  it('are a finite set: joining published texts two by two is refused, so it costs nothing', async () => {
    const { texts } = setup();
    const published = ['山茶咖啡', '林一', '山海之间', '海边的山', '上海市', UI.projects, UI.articles];
    const pairs = published.flatMap((a) => published.map((b) => fill('pageTitle', { page: a, studio: b }))).filter((text) => !text.endsWith(STUDIO.name));
    expect((await texts.check(pairs)).published).toEqual([]);
  });

  it('follow publishing: a new text is known as soon as the content changes', async () => {
    const { texts, publish } = setup();
    expect((await texts.check(['新的项目名'])).refused).toEqual(['新的项目名']);
    publish({ ...SITE, projects: [...SITE.projects, { ...SITE.projects[0]!, documentId: 'p2', name: '新的项目名' }] });
    expect((await texts.check(['新的项目名', fill('viewer', { name: '新的项目名' })])).refused).toEqual([]);
  });

  it('load the site again for a refused text at most once a minute (a page from another instance)', async () => {
    const { texts, load, later } = setup();
    await texts.check(['山茶咖啡']);
    expect(load).toHaveBeenCalledTimes(1);
    await texts.check(['陌生的句子']);
    later(30_000);
    await texts.check(['另一个陌生的句子']);
    expect(load).toHaveBeenCalledTimes(1);
    later(31_000);
    await texts.check(['又一个陌生的句子']);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
