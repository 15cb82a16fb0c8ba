import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Blocks, blocksText, headingLevels, safeHref } from './blocks';

const text = (value: string, marks: Record<string, boolean> = {}) => ({ type: 'text', text: value, ...marks });
const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children });

describe('the blocks renderer', () => {
  it('renders paragraphs, headings (under the page title), lists, quotes, code and images', () => {
    const { container } = render(
      <Blocks
        content={[
          { type: 'heading', level: 2, children: [text('小标题')] },
          paragraph(text('正文段落')),
          { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [text('第一项')] }] },
          { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [text('步骤一')] }] },
          { type: 'quote', children: [text('引用')] },
          { type: 'code', children: [text('const a = 1;')] },
          { type: 'image', image: { url: '/uploads/a.jpg', alternativeText: '配图', width: 10, height: 5 }, children: [] },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: '小标题' })).toBeInTheDocument();
    expect(screen.getByText('正文段落').tagName).toBe('P');
    expect(container.querySelector('ul > li')).toHaveTextContent('第一项');
    expect(container.querySelector('ol > li')).toHaveTextContent('步骤一');
    expect(container.querySelector('blockquote')).toHaveTextContent('引用');
    expect(container.querySelector('pre code')).toHaveTextContent('const a = 1;');
    expect(screen.getByRole('img', { name: '配图' })).toHaveAttribute('src', '/uploads/a.jpg');
  });

  it('renders bold, italic, underline, strikethrough and inline code marks', () => {
    const { container } = render(
      <Blocks content={[paragraph(text('粗', { bold: true }), text('斜', { italic: true }), text('下', { underline: true }), text('删', { strikethrough: true }), text('码', { code: true }))]} />,
    );
    expect(container.querySelector('strong')).toHaveTextContent('粗');
    expect(container.querySelector('em')).toHaveTextContent('斜');
    expect(container.querySelector('u')).toHaveTextContent('下');
    expect(container.querySelector('s')).toHaveTextContent('删');
    expect(container.querySelector('code')).toHaveTextContent('码');
  });

  it('keeps http, https and mailto links; external ones open safely in a new tab', () => {
    render(
      <Blocks
        content={[
          paragraph(
            { type: 'link', url: 'https://example.com/a', children: [text('外链')] },
            { type: 'link', url: 'mailto:hello@example.com', children: [text('写信')] },
          ),
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: '外链' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: '写信' })).toHaveAttribute('href', 'mailto:hello@example.com');
  });

  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', '\u0001javascript:alert(1)'])(
    'renders a %j link as plain text',
    (url) => {
      render(<Blocks content={[paragraph({ type: 'link', url, children: [text('点我')] })]} />);
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
      expect(screen.getByText('点我')).toBeInTheDocument();
    },
  );

  it('drops images with unsafe sources', () => {
    render(<Blocks content={[{ type: 'image', image: { url: 'javascript:alert(1)' } }, { type: 'image', image: { url: 'data:image/png;base64,AAAA' } }]} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('skips unknown block types and malformed nodes without breaking the rest', () => {
    render(
      <Blocks
        content={[{ type: 'video-embed', url: 'x' }, null, 42, 'text', { type: 'paragraph' }, { type: 'paragraph', children: 'oops' }, paragraph(text('仍然显示'))]}
      />,
    );
    expect(screen.getByText('仍然显示')).toBeInTheDocument();
  });

  it('renders nothing for content that is not a list of blocks', () => {
    const { container } = render(<Blocks content={{ type: 'paragraph' }} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('stops at a fixed depth for deeply nested input instead of overflowing the stack', () => {
    let node: Record<string, unknown> = text('最深处');
    for (let i = 0; i < 5000; i += 1) node = { type: 'link', url: 'https://example.com', children: [node] };
    expect(() => render(<Blocks content={[paragraph(node, text('旁边的文字'))]} />)).not.toThrow();
    expect(screen.getByText('旁边的文字')).toBeInTheDocument();
    expect(screen.queryByText('最深处')).not.toBeInTheDocument();
  });

  it('gives the plain text of each block (award lines)', () => {
    expect(blocksText([paragraph(text('奖项一')), paragraph(text('')), paragraph(text('奖'), text('项二', { bold: true }))])).toEqual(['奖项一', '奖项二']);
  });

  it('accepts relative links as safe', () => {
    expect(safeHref('/dailyPage/project')).toBe('/dailyPage/project');
    expect(safeHref('')).toBeNull();
    expect(safeHref(42)).toBeNull();
  });

  it('puts headings in order under the page title whatever levels the editor chose', () => {
    const heading = (level: number) => ({ type: 'heading', level, children: [text(`h${level}`)] });
    expect(headingLevels([heading(3), paragraph(text('x')), heading(4), heading(3)])).toEqual([2, 0, 3, 2]);
    // A deeper level first never skips: h1 (the page) then h2, then one step at a time.
    expect(headingLevels([heading(4), heading(2), heading(6)])).toEqual([2, 2, 3]);
    expect(headingLevels([heading(1), heading(1)])).toEqual([2, 2]);
  });
});
