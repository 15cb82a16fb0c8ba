import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DomTranslator, splitWhitespace, type TranslationFetcher } from './dom-translator';

const english = (text: string) => `EN[${text}]`;

function setup(html: string, fetcher?: TranslationFetcher) {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  const fetch = vi.fn<TranslationFetcher>(
    fetcher ??
      (async (texts) => ({ translations: Object.fromEntries(texts.map((text) => [text, english(text)])), failed: [] })),
  );
  const onFailure = vi.fn();
  const translator = new DomTranslator(root, fetch, onFailure);
  return { root, fetch, onFailure, translator, cleanup: () => root.remove() };
}

const HTML = `
  <h1> 项目列表 </h1>
  <p>作者：<b>林一舟</b> 2024</p>
  <img alt="封面图片" src="/a.jpg">
  <button aria-label="关闭" title="关闭窗口">×</button>
  <p>Latin only</p>
  <p>项目列表</p>
  <div data-no-translate><span>不要翻译</span></div>
  <script>var s = "脚本";</script>`;

describe('the page translator', () => {
  it('translates every Chinese text node and attribute with one request for the unique strings', async () => {
    const { root, fetch, translator, cleanup } = setup(HTML);
    await translator.enable();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0].sort()).toEqual(['作者：', '关闭', '关闭窗口', '封面图片', '林一舟', '项目列表'].sort());
    expect(root.querySelector('h1')!.textContent).toBe(' EN[项目列表] ');
    expect(root.querySelector('img')!.getAttribute('alt')).toBe('EN[封面图片]');
    expect(root.querySelector('button')!.getAttribute('aria-label')).toBe('EN[关闭]');
    expect(root.querySelector('[data-no-translate] span')!.textContent).toBe('不要翻译');
    expect(root.querySelector('script')!.textContent).toContain('脚本');
    translator.disable();
    cleanup();
  });

  it('translates the document title too, and puts it back', async () => {
    document.title = '文章 · 拾光设计';
    const { translator, cleanup } = setup('<p>正文</p>');
    await translator.enable();
    expect(document.title).toBe('EN[文章 · 拾光设计]');
    translator.disable();
    expect(document.title).toBe('文章 · 拾光设计');
    document.title = '';
    cleanup();
  });

  it('restores the exact original text and attributes when switched off', async () => {
    const { root, translator, cleanup } = setup(HTML);
    const before = root.innerHTML;
    await translator.enable();
    expect(root.innerHTML).not.toBe(before);
    translator.disable();
    expect(root.innerHTML).toBe(before);
    cleanup();
  });

  it('translates content that appears or changes later, without asking again for known strings', async () => {
    const { root, fetch, translator, cleanup } = setup('<p>首页</p>');
    await translator.enable();
    const paragraph = document.createElement('p');
    paragraph.textContent = '新的内容';
    root.append(paragraph);
    await waitFor(() => expect(paragraph.textContent).toBe('EN[新的内容]'));

    root.querySelector('p')!.firstChild!.nodeValue = '首页'; // a re-render brings the Chinese back
    await waitFor(() => expect(root.querySelector('p')!.textContent).toBe('EN[首页]'));
    expect(fetch.mock.calls.flatMap(([texts]) => texts).filter((text) => text === '首页')).toHaveLength(1);
    translator.disable();
    cleanup();
  });

  it('leaves the Chinese in place and reports when translation fails, and tries again next time', async () => {
    let fail = true;
    const { root, onFailure, translator, cleanup } = setup('<p>失败</p>', async (texts) =>
      fail
        ? { translations: {}, failed: texts }
        : { translations: Object.fromEntries(texts.map((text) => [text, english(text)])), failed: [] },
    );
    await translator.enable();
    expect(root.textContent).toBe('失败');
    expect(onFailure).toHaveBeenCalledTimes(1);
    translator.disable();
    fail = false;
    await translator.enable();
    expect(root.textContent).toBe('EN[失败]');
    translator.disable();
    cleanup();
  });

  it('survives a network error', async () => {
    const { root, onFailure, translator, cleanup } = setup('<p>网络</p>', async () => {
      throw new TypeError('Failed to fetch');
    });
    await translator.enable();
    expect(root.textContent).toBe('网络');
    expect(onFailure).toHaveBeenCalled();
    translator.disable();
    cleanup();
  });

  it('restores what React rendered last, not stale text', async () => {
    const { root, translator, cleanup } = setup('<p>旧</p>');
    await translator.enable();
    const text = root.querySelector('p')!.firstChild!;
    text.nodeValue = '新'; // React re-renders the node with new Chinese while the page is in English
    await waitFor(() => expect(text.nodeValue).toBe('EN[新]'));
    translator.disable();
    expect(text.nodeValue).toBe('新');
    cleanup();
  });

  it('splits off leading and trailing whitespace', () => {
    expect(splitWhitespace('  你好 \n')).toEqual({ lead: '  ', core: '你好', trail: ' \n' });
  });
});
