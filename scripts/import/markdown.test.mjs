import { describe, expect, it } from 'vitest';
import { FormatError, markdownBlocks, parseFrontMatter } from './markdown.mjs';

describe('an import folder’s text files (issue 40)', () => {
  it('read the front matter’s lines and keep the body', () => {
    const { fields, body } = parseFrontMatter('\uFEFF---\r\nname: 海港导视系统\r\nauthor: "Chen: Ran"\r\n# a note\r\ndate: 2024-05-18\r\n---\r\n第一段。\r\n\r\n第二段。\r\n');
    expect(fields).toEqual({ name: '海港导视系统', author: 'Chen: Ran', date: '2024-05-18' });
    expect(body).toBe('第一段。\n\n第二段。');
    expect(parseFrontMatter('just text').fields).toEqual({});
  });

  it('refuse a front matter that is never closed or has a line that is no key: value', () => {
    expect(() => parseFrontMatter('---\nname: x\n')).toThrow(FormatError);
    expect(() => parseFrontMatter('---\nname x\n---\n')).toThrow(/line 2/);
  });

  it('turn Markdown into Strapi’s blocks: headings, paragraphs, lists, quotes, links', () => {
    expect(markdownBlocks('## 新的空间\n\n一楼是样品室，\n二楼是工作区。\n\n- 样品室对外开放\n- 每周五有茶\n\n1. one\n2. two\n\n> 引用\n\n见 [联系方式](https://example.com/contact)。')).toEqual([
      { type: 'heading', level: 3, children: [{ type: 'text', text: '新的空间' }] },
      { type: 'paragraph', children: [{ type: 'text', text: '一楼是样品室， 二楼是工作区。' }] },
      { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [{ type: 'text', text: '样品室对外开放' }] }, { type: 'list-item', children: [{ type: 'text', text: '每周五有茶' }] }] },
      { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'one' }] }, { type: 'list-item', children: [{ type: 'text', text: 'two' }] }] },
      { type: 'quote', children: [{ type: 'text', text: '引用' }] },
      { type: 'paragraph', children: [{ type: 'text', text: '见 ' }, { type: 'link', url: 'https://example.com/contact', children: [{ type: 'text', text: '联系方式' }] }, { type: 'text', text: '。' }] },
    ]);
    // A link to anything but the web or mail stays text.
    expect(markdownBlocks('[x](javascript:alert(1))')[0].children).toEqual([{ type: 'text', text: '[x](javascript:alert(1))' }]);
  });
});
