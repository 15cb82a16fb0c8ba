import { setIdeographicZero } from '~/lib/language/ideographic-zero';
import { useTextLang } from '~/lib/language/language';
import { Fragment, type ReactNode } from 'react';
import styles from './blocks.module.css';

/**
 * Strapi "blocks" rich text rendered as React elements, never as raw HTML. The input is treated as
 * untrusted: unknown block types are skipped, links only keep http:, https: and mailto: targets
 * (anything else renders as plain text), and nesting stops at a fixed depth.
 */
const MAX_DEPTH = 12;
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const childrenOf = (node: Node): unknown[] => (Array.isArray(node.children) ? node.children : []);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

export function safeHref(url: unknown): string | null {
  if (typeof url !== 'string' || url.trim() === '') return null;
  try {
    const parsed = new URL(url, 'https://relative.invalid');
    return SAFE_PROTOCOLS.has(parsed.protocol) ? url.trim() : null;
  } catch {
    return null;
  }
}

function safeImageSrc(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  if (url.startsWith('/uploads/')) return url;
  const href = safeHref(url);
  return href && /^https?:/i.test(href) ? href : null;
}

/** Marks text still in Chinese (`lang`) where the page is English and a translation is missing (issue 28). */
type MarkChinese = (text: string) => { lang?: string };

function renderText(node: Node, key: number, mark: MarkChinese): ReactNode {
  let content: ReactNode = setIdeographicZero(str(node.text));
  const lang = mark(str(node.text)).lang;
  if (lang) content = <span lang={lang}>{content}</span>;
  if (node.code === true) content = <code>{content}</code>;
  if (node.bold === true) content = <strong>{content}</strong>;
  if (node.italic === true) content = <em>{content}</em>;
  if (node.underline === true) content = <u>{content}</u>;
  if (node.strikethrough === true) content = <s>{content}</s>;
  return <Fragment key={key}>{content}</Fragment>;
}

function renderInline(nodes: unknown[], depth: number, mark: MarkChinese, inLink = false): ReactNode[] {
  if (depth > MAX_DEPTH) return [];
  return nodes.map((node, key) => {
    if (!isNode(node)) return null;
    if (node.type === 'text') return renderText(node, key, mark);
    if (node.type === 'link') {
      const href = inLink ? null : safeHref(node.url); // a link inside a link is only its text
      const inner = renderInline(childrenOf(node), depth + 1, mark, true);
      if (!href) return <Fragment key={key}>{inner}</Fragment>;
      const external = /^https?:/i.test(href);
      return (
        <a key={key} href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {inner}
        </a>
      );
    }
    if (node.type === 'list') return renderBlock(node, key, depth + 1, mark); // nested list inside an item
    return null;
  });
}

function renderBlock(node: unknown, key: number, depth: number, mark: MarkChinese, headingLevel = 2): ReactNode {
  if (!isNode(node) || depth > MAX_DEPTH) return null;
  const inline = () => renderInline(childrenOf(node), depth + 1, mark);
  switch (node.type) {
    case 'paragraph':
      return <p key={key}>{inline()}</p>;
    case 'heading': {
      const Tag = `h${headingLevel}` as 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
      return <Tag key={key}>{inline()}</Tag>;
    }
    case 'list': {
      const items = childrenOf(node).map((item, index) =>
        isNode(item) && item.type === 'list-item' ? <li key={index}>{renderInline(childrenOf(item), depth + 1, mark)}</li> : null,
      );
      return node.format === 'ordered' ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
    }
    case 'quote':
      return <blockquote key={key}>{inline()}</blockquote>;
    case 'code':
      return (
        <pre key={key}>
          <code>{childrenOf(node).map((child) => (isNode(child) ? str(child.text) : '')).join('')}</code>
        </pre>
      );
    case 'image': {
      const image = isNode(node.image) ? node.image : {};
      const src = safeImageSrc(image.url);
      if (!src) return null;
      return (
        <img
          key={key}
          src={src}
          alt={str(image.alternativeText)}
          {...mark(str(image.alternativeText))}
          width={typeof image.width === 'number' ? image.width : undefined}
          height={typeof image.height === 'number' ? image.height : undefined}
          loading="lazy"
          onError={(event) => {
            event.currentTarget.hidden = true; // spec 8: a broken image is hidden
          }}
        />
      );
    }
    default:
      return null; // unknown block types are skipped
  }
}

const levelOf = (node: unknown) => (isNode(node) && typeof node.level === 'number' && node.level >= 1 && node.level <= 6 ? node.level : 2);

/**
 * The page level of each rich-text heading: under the page's h1, in order, never skipping one.
 * The editor's levels keep their ranking (the highest used becomes h2), and a heading is at most
 * one level below the heading before it, so screen-reader outlines stay whole.
 */
export function headingLevels(content: unknown[]): number[] {
  const used = [...new Set(content.filter((node) => isNode(node) && node.type === 'heading').map(levelOf))].sort((a, b) => a - b);
  let previous = 1;
  return content.map((node) => {
    if (!isNode(node) || node.type !== 'heading') return 0;
    const level = Math.min(2 + used.indexOf(levelOf(node)), previous + 1, 6);
    previous = level;
    return level;
  });
}

export function Blocks({ content, className = '' }: { content: unknown; className?: string }) {
  const mark = useTextLang();
  if (!Array.isArray(content)) return null;
  const levels = headingLevels(content);
  return <div className={`${styles.blocks} ${className}`}>{content.map((block, key) => renderBlock(block, key, 0, mark, levels[key]))}</div>;
}

/** The plain text of blocks (for award lines and descriptions). */
export function blocksText(content: unknown): string[] {
  if (!Array.isArray(content)) return [];
  const textOf = (node: unknown, depth: number): string =>
    isNode(node) && depth <= MAX_DEPTH ? str(node.text) + childrenOf(node).map((child) => textOf(child, depth + 1)).join('') : '';
  return content.map((block) => textOf(block, 0)).filter((line) => line.trim() !== '');
}
