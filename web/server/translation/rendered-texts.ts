import { detailMedia } from '../../app/features/projects/detail-media';
import { ALL_CATEGORY } from '../../app/lib/category';
import { STUDIO } from '../../app/lib/studio';
import { UI, fill } from '../../app/lib/ui-text';
import type { SiteContent } from './published-content';

const HAN = /\p{Script=Han}/u;
const MAX_DEPTH = 32;
/** HTML parsing turns CRLF into LF, and the page translator trims: compare the way the browser sends a text. */
export const asSent = (text: string) => text.replace(/\r\n?/g, '\n').trim();

const isNode = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text of a rich-text node with its children (a paragraph, a list item), as blocksText joins it. */
function nodeText(node: unknown, depth = 0): string {
  if (!isNode(node) || depth > MAX_DEPTH) return '';
  const own = typeof node.text === 'string' ? node.text : '';
  return own + (Array.isArray(node.children) ? node.children.map((child) => nodeText(child, depth + 1)).join('') : '');
}

/** Every string in `value` (every field of every entry), and the joined text of every rich-text node. */
function collect(value: unknown, into: string[], depth = 0): void {
  if (depth > MAX_DEPTH) return;
  if (typeof value === 'string') {
    into.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, into, depth + 1);
  } else if (isNode(value)) {
    if (Array.isArray(value.children)) into.push(nodeText(value));
    for (const item of Object.values(value)) collect(item, into, depth + 1);
  }
}

const upTo = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/**
 * The interface templates exactly as the components fill them (ui-text.ts `fill`), from the
 * content's own values: a finite set, linear in the content. A hole never takes an arbitrary
 * published text, so no combination of texts a page does not show can be paid for.
 */
function templateTexts({ categories, projects, articles }: SiteContent): string[] {
  const mostMedia = Math.max(0, ...projects.map((project) => detailMedia(project).length), ...articles.map((article) => article.media.length));
  const slides = upTo(mostMedia).map((n) => fill('slide', { n }));
  const alts = [...projects.flatMap(detailMedia), ...articles.flatMap((article) => article.media)].map((media) => media.alt).filter(Boolean);
  const carousels = articles.map((article) => fill('carousel', { name: article.name }));
  const pages = [UI.projects, UI.articles, UI.profile, UI.notFoundTitle, STUDIO.nameLatin, ...projects.map((project) => project.name), ...articles.map((article) => article.name)];
  return [
    ...slides,
    ...carousels,
    // The open control of a media item: its alt text, else its position (projects) or slide (articles).
    ...[...alts, ...upTo(mostMedia).map(String), ...slides].map((name) => fill('viewItem', { name })),
    ...[...projects.map((project) => project.name), ...carousels].map((name) => fill('viewer', { name })),
    ...[UI.wechat, UI.officialAccount].map((caption) => fill('qrCode', { caption })),
    fill('studioHome', { studio: STUDIO.name }),
    ...pages.map((page) => fill('pageTitle', { page, studio: STUDIO.name })),
    ...categories
      .filter((category) => category.designType !== ALL_CATEGORY.designType)
      .map((category) => fill('categoryTitle', { category: category.designType, page: UI.projects, studio: STUDIO.name })),
  ];
}

/**
 * Every Chinese text a page of the site shows (text, alt and label attributes, the tab's title),
 * as the page translator sends it: the interface texts, every field of the published content,
 * the joined lines of its rich text, and the interface templates as the pages fill them.
 */
export function renderedTexts(content: SiteContent, interfaceTexts: readonly string[]): Set<string> {
  const texts: string[] = [...interfaceTexts, ...templateTexts(content)];
  collect(content, texts);
  return new Set(texts.map(asSent).filter((text) => HAN.test(text)));
}
