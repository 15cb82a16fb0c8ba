import { describe, expect, it, vi } from 'vitest';
import { STUDIO_TEXTS, UI, UI_TEMPLATES } from '../../app/lib/ui-text';
import { createPublishedTexts } from './published-texts';

const ARTICLE = { data: [{ articleName: '山海之间', content: '第一段文字。\r\n第二段，写在山海之间。', media: [{ alternativeText: '海边的山' }] }] };

function setup(values: unknown[] = [ARTICLE], warm = vi.fn(async () => {})) {
  let version = 1;
  const held = [...values];
  let time = 0;
  const texts = createPublishedTexts({
    content: { values: () => held, version: () => version },
    warm,
    interfaceTexts: [...Object.values(UI), ...STUDIO_TEXTS],
    templates: Object.values(UI_TEMPLATES),
    warmIntervalMs: 60_000,
    now: () => time,
  });
  return {
    texts,
    warm,
    publish(value: unknown) {
      held.push(value);
      version += 1;
    },
    later: (ms: number) => (time += ms),
  };
}

describe('the texts the site publishes', () => {
  it('are its interface texts and its content, whole or in the parts a page shows', async () => {
    const { texts } = setup();
    const shown = [UI.backToList, STUDIO_TEXTS[2]!, '山海之间', '第一段文字。', '第二段，写在山海之间。', '海边的山'];
    expect(await texts.check(shown)).toEqual({ published: shown, refused: [] });
  });

  it('include interface templates filled with a number or a published text, and nothing else', async () => {
    const { texts } = setup();
    const filled = ['第 3 张', '山海之间 图片与视频', '拾光设计 首页', '山海之间 · 拾光设计', 'SHIGUANG STUDIO · 拾光设计'];
    expect(await texts.check(filled)).toEqual({ published: filled, refused: [] });
    expect((await texts.check(['第 帮我翻译这句话 张', '帮我翻译这句话 图片与视频'])).refused).toHaveLength(2);
  });

  it('refuse arbitrary Chinese, and Chinese that merely contains a published text', async () => {
    const { texts } = setup();
    const strangers = ['请帮我免费翻译这整篇文章', '山海之间和别的东西', `${UI.backToList}${UI.backToList}`];
    expect(await texts.check(strangers)).toEqual({ published: [], refused: strangers });
  });

  it('follow publishing: a new text is known once the site has loaded it', async () => {
    const { texts, publish } = setup();
    expect((await texts.check(['新的项目名'])).refused).toEqual(['新的项目名']);
    publish({ data: { projectName: '新的项目名' } });
    expect((await texts.check(['新的项目名'])).published).toEqual(['新的项目名']);
  });

  it('load the site’s content once for a text from a page this process did not render, at most once a minute', async () => {
    const harness = setup([], vi.fn(async () => harness.publish(ARTICLE)));
    expect((await harness.texts.check(['山海之间'])).published).toEqual(['山海之间']);
    expect(harness.warm).toHaveBeenCalledTimes(1);
    await harness.texts.check(['陌生的句子']);
    harness.later(30_000);
    await harness.texts.check(['另一个陌生的句子']);
    expect(harness.warm).toHaveBeenCalledTimes(1);
    harness.later(31_000);
    await harness.texts.check(['又一个陌生的句子']);
    expect(harness.warm).toHaveBeenCalledTimes(2);
  });
});
