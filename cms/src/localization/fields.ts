import { createHash } from 'node:crypto';

/**
 * What the fill translates (issue 38): the studio's localized content types and, of each, the
 * fields a visitor reads. Everything else (media, dates, relations, ordering) is shared across
 * locales or copied by the fill (relations are per locale in Strapi's i18n: the fill links each
 * locale's entry to the same document in that locale).
 */
export interface Translatable {
  uid: string;
  /** Fields with text a visitor reads: strings and texts, or blocks (each text node translated). */
  fields: Record<string, 'text' | 'blocks'>;
  /** Relations to other localized documents, linked in the target locale by documentId. */
  relations?: string[];
  /** A single type (one document). */
  single?: boolean;
  /** Drafts and publishing: a filled locale is published, as its source is. */
  drafts: boolean;
  /** Filled after these (a project's category must exist in the locale first). */
  after?: string[];
}

export const TRANSLATABLE: readonly Translatable[] = [
  { uid: 'api::category.category', fields: { designType: 'text' }, drafts: false },
  { uid: 'api::project.project', fields: { projectName: 'text', author: 'text', description: 'text' }, relations: ['category'], drafts: true, after: ['api::category.category'] },
  { uid: 'api::article.article', fields: { articleName: 'text', articleChief: 'text', articleContent: 'blocks' }, drafts: true },
  { uid: 'api::profilelist.profilelist', fields: { profileName: 'text', profileDescribe: 'text', awardList: 'blocks' }, drafts: true },
  { uid: 'api::contact-mess.contact-mess', fields: { address: 'text' }, single: true, drafts: false },
  { uid: 'api::studio.studio', fields: { name: 'text', subtitle: 'text', tagline: 'text', description: 'text', copyrightHolder: 'text' }, single: true, drafts: true },
];

export const UI_TEXT = 'api::ui-text.ui-text';
export const MEDIA_TEXT = 'api::media-text.media-text';

/** The fill's own bookkeeping on every localized entry (the editor sees the first two). */
export const BOOKKEEPING = ['textBy', 'sourceChanged', 'sourceHash'] as const;

export const translatableOf = (uid: string): Translatable | undefined => TRANSLATABLE.find((type) => type.uid === uid);

/** A fingerprint of a source's texts: a locale filled from it records it, to know when it changed. */
export const hashOf = (texts: unknown): string => createHash('sha256').update(JSON.stringify(texts)).digest('hex').slice(0, 32);

/** The texts of `entry` the fill works on, in a fixed order. */
export const sourceTexts = (type: Translatable, entry: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.keys(type.fields).map((field) => [field, entry[field] ?? null]));

interface BlockNode {
  type?: string;
  text?: string;
  children?: BlockNode[];
  [key: string]: unknown;
}

/** Every text node of a blocks value, in order (what a translation of it replaces one by one). */
export function blockTexts(blocks: unknown): string[] {
  const texts: string[] = [];
  const walk = (nodes: unknown) => {
    if (!Array.isArray(nodes)) return;
    for (const node of nodes as BlockNode[]) {
      if (typeof node?.text === 'string' && node.text.trim()) texts.push(node.text);
      walk(node?.children);
    }
  };
  walk(blocks);
  return texts;
}

/** `blocks` with each text node replaced by `translate(text)`, one after another (links, marks and structure kept). */
export async function mapBlockTexts(blocks: unknown, translate: (text: string) => Promise<string>): Promise<unknown> {
  const walk = async (nodes: unknown): Promise<unknown> => {
    if (!Array.isArray(nodes)) return nodes;
    const copies: unknown[] = [];
    for (const node of nodes as BlockNode[]) {
      if (typeof node !== 'object' || node === null) {
        copies.push(node);
        continue;
      }
      const copy: BlockNode = { ...node };
      if (typeof node.text === 'string' && node.text.trim()) copy.text = await translate(node.text);
      if (Array.isArray(node.children)) copy.children = (await walk(node.children)) as BlockNode[];
      copies.push(copy);
    }
    return copies;
  };
  return walk(blocks);
}
