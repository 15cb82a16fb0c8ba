import { AsyncLocalStorage } from 'node:async_hooks';
import type { Core } from '@strapi/strapi';
import type { Budget } from './budget';
import { MEDIA_TEXT, UI_TEXT, hashOf, mapBlockTexts, sourceTexts, translatableOf, type Translatable } from './fields';
import type { FillJob } from './jobs';
import { TranslationError, type Provider } from './provider';

/** The fill is writing (its writes are the machine's, not the studio's). */
const filling = new AsyncLocalStorage<true>();
export const isFilling = (): boolean => filling.getStore() === true;

/** Not enough of today's budget is left: the job waits for tomorrow. */
export class BudgetSpent extends Error {
  override name = 'BudgetSpent';
}

const isEmpty = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && !value.trim()) || (Array.isArray(value) && value.length === 0);

type Entry = Record<string, unknown> & { documentId: string; textBy?: string | null; sourceHash?: string | null; sourceChanged?: boolean | null; publishedAt?: string | null };
type Documents = ReturnType<Core.Strapi['documents']>;

export interface FillerOptions {
  strapi: Core.Strapi;
  provider: Provider;
  budget: Budget;
  /** The studio's source language (the default locale). */
  defaultLocale: () => Promise<string>;
  log?: (line: string) => void;
}

export interface Filled {
  /** What happened: written by the machine, marked "source changed" (the studio's own), or nothing to do. */
  outcome: 'filled' | 'marked' | 'current' | 'no-source';
  /** Characters sent to the provider. */
  chars: number;
}

/**
 * Fills one locale of one document from its source (issue 38): the machine's translation of each
 * text field a visitor reads, written and published in that locale, recording that it is the
 * machine's and of which source. A locale the studio wrote is never overwritten: when its source
 * changes it is marked "source changed" for the editor instead. Interface texts are filled from
 * their English, picture texts from the media library's alternative text.
 */
export function createFiller({ strapi, provider, budget, defaultLocale, log = (line) => strapi.log.info(line) }: FillerOptions) {
  const docs = (uid: string): Documents => strapi.documents(uid as never) as unknown as Documents;

  async function translator(from: string, to: string) {
    let chars = 0;
    const translate = async (text: string): Promise<string> => {
      if (!text.trim()) return text;
      if (!(await budget.take(text.length))) throw new BudgetSpent(`today's ${(await budget.spent()).limit} provider characters are spent`);
      try {
        const translated = await provider.translate(text, from, to);
        chars += text.length;
        return translated;
      } catch (error) {
        await budget.giveBack(text.length);
        throw error;
      }
    };
    return { translate, chars: () => chars };
  }

  /** Writes `data` into `locale` of the document as the machine (and publishes it where the type has drafts). */
  async function write(uid: string, type: { single?: boolean; drafts: boolean }, documentId: string, locale: string, data: Record<string, unknown>) {
    await filling.run(true, async () => {
      await docs(uid).update({ documentId, locale, data } as never);
      if (type.drafts) await docs(uid).publish({ documentId, locale } as never);
    });
  }

  /**
   * Whether the locale's draft has changes not published yet (the studio's work in progress): the
   * fill then writes the draft only, never publishing what the studio has not.
   */
  async function hasUnpublishedChanges(uid: string, documentId: string, locale: string): Promise<boolean> {
    const versions = (await strapi.db.query(uid as never).findMany({ where: { documentId, locale }, select: ['updatedAt', 'publishedAt'] })) as Array<{ updatedAt?: string | Date; publishedAt?: string | Date | null }>;
    const draft = versions.find((version) => !version.publishedAt);
    const live = versions.find((version) => version.publishedAt);
    if (!live) return true; // never published: the studio's draft stays a draft
    return Boolean(draft?.updatedAt && new Date(draft.updatedAt).getTime() > new Date(live.updatedAt ?? 0).getTime());
  }

  /** The relations of `original`, in `locale`, where `target` links elsewhere (relations follow the source). */
  function linksToUpdate(type: Translatable, original: Entry, target: Entry | null, locale: string): Record<string, unknown> {
    const links: Record<string, unknown> = {};
    for (const relation of type.relations ?? []) {
      const wanted = (original[relation] as { documentId?: string } | null | undefined)?.documentId ?? null;
      const current = (target?.[relation] as { documentId?: string } | null | undefined)?.documentId ?? null;
      if (target && wanted === current) continue;
      links[relation] = wanted ? { set: [{ documentId: wanted, locale }] } : { set: [] };
    }
    return links;
  }

  async function fillContent(type: Translatable, job: FillJob, source: string): Promise<Filled> {
    const status = type.drafts ? { status: 'published' } : {};
    const populate = Object.fromEntries((type.relations ?? []).map((relation) => [relation, { fields: ['documentId'] }]));
    const original = (await docs(type.uid).findOne({ documentId: job.documentId, locale: source, ...status, populate } as never)) as Entry | null;
    if (!original) return { outcome: 'no-source', chars: 0 };
    const texts = sourceTexts(type, original);
    const hash = hashOf(texts);
    const target = (await docs(type.uid).findOne({ documentId: job.documentId, locale: job.locale, status: 'draft', populate } as never)) as Entry | null;
    const links = linksToUpdate(type, original, target, job.locale);
    const { translate, chars } = await translator(source, job.locale);
    const translated = async (fields: string[]) => {
      const data: Record<string, unknown> = {};
      for (const field of fields) {
        const value = texts[field];
        data[field] = type.fields[field] === 'blocks' ? await mapBlockTexts(value, translate) : typeof value === 'string' ? await translate(value) : value;
      }
      return data;
    };

    // Anything but the machine's is the studio's (a locale written before the fill existed too): its
    // texts are never replaced. Fields it left empty are filled; a change of the source since the
    // studio wrote it is marked for the editor ("source changed").
    if (target && target.textBy !== 'machine') {
      const missing = Object.keys(type.fields).filter((field) => isEmpty(target[field]) && !isEmpty(texts[field]));
      const changed = target.sourceHash !== hash && !target.sourceChanged;
      const data = { ...(await translated(missing)), ...links, ...(changed ? { sourceChanged: true } : {}) };
      if (Object.keys(data).length === 0) return { outcome: 'current', chars: 0 };
      // What visitors should see (a gap filled, a relation) is published, unless the studio has
      // unpublished work in this locale; a mark alone is for the editor, in the draft.
      const visible = missing.length > 0 || Object.keys(links).length > 0;
      const publish = type.drafts && visible && !(await hasUnpublishedChanges(type.uid, job.documentId, job.locale));
      await filling.run(true, async () => {
        await docs(type.uid).update({ documentId: job.documentId, locale: job.locale, data } as never);
        if (publish) await docs(type.uid).publish({ documentId: job.documentId, locale: job.locale } as never);
      });
      return { outcome: changed && !visible ? 'marked' : 'filled', chars: chars() };
    }
    const upToDate = target?.sourceHash === hash && (!type.drafts || (await isPublished(type.uid, job.documentId, job.locale)));
    if (upToDate && Object.keys(links).length === 0) return { outcome: 'current', chars: 0 };
    const data = upToDate ? links : { ...(await translated(Object.keys(type.fields))), ...linksToUpdate(type, original, null, job.locale) };
    await write(type.uid, type, job.documentId, job.locale, { ...data, textBy: 'machine', sourceChanged: false, sourceHash: hash });
    return { outcome: 'filled', chars: chars() };
  }

  const isPublished = async (uid: string, documentId: string, locale: string) => Boolean(await docs(uid).findOne({ documentId, locale, status: 'published', fields: ['documentId'] } as never));

  /** Interface texts: each key's English (the site's own) into the locale. */
  async function fillUiText(job: FillJob): Promise<Filled> {
    const english = (await docs(UI_TEXT).findOne({ documentId: job.documentId, locale: 'en' } as never)) as (Entry & { text?: string | null }) | null;
    if (!english?.text) return { outcome: 'no-source', chars: 0 };
    return fillOne(UI_TEXT, job, 'en', english.text, (text) => ({ text }));
  }

  /**
   * Picture texts: the media library's alternative text (the source language's) into the locale.
   * Their jobs name the file (`file:<id>`): a file's document of picture texts is made with the
   * first locale filled.
   */
  async function fillMediaText(job: FillJob, source: string): Promise<Filled> {
    const fileId = Number(job.documentId.replace(/^file:/, ''));
    const file = (await strapi.db.query('plugin::upload.file').findOne({ where: { id: fileId }, select: ['id', 'alternativeText'] })) as { id: number; alternativeText?: string | null } | null;
    const alt = file?.alternativeText?.trim();
    if (!file || !alt) return { outcome: 'no-source', chars: 0 };
    const existing = (await strapi.db.query(MEDIA_TEXT as never).findOne({ where: { file: { id: fileId } }, select: ['documentId'] })) as { documentId?: string } | null;
    if (existing?.documentId) return fillOne(MEDIA_TEXT, { ...job, documentId: existing.documentId }, source, alt, (alternativeText) => ({ alternativeText }));
    const { translate, chars } = await translator(source, job.locale);
    const alternativeText = await translate(alt);
    await filling.run(true, () => docs(MEDIA_TEXT).create({ locale: job.locale, data: { file: fileId, alternativeText, textBy: 'machine', sourceChanged: false, sourceHash: hashOf([alt]) } } as never));
    return { outcome: 'filled', chars: chars() };
  }

  /** The studio wrote this locale and its source changed since: say so to the editor (in the draft), touch nothing else. */
  async function mark(uid: string, target: Entry, locale: string) {
    await filling.run(true, () => docs(uid).update({ documentId: target.documentId, locale, data: { sourceChanged: true } } as never));
  }

  /** One text of a document into the job's locale, unless the studio wrote it there. */
  async function fillOne(uid: string, job: FillJob, from: string, text: string, fields: (translated: string) => Record<string, unknown>): Promise<Filled> {
    const hash = hashOf([text]);
    const target = (await docs(uid).findOne({ documentId: job.documentId, locale: job.locale } as never)) as Entry | null;
    if (target?.textBy === 'studio') {
      if (target.sourceHash !== hash && !target.sourceChanged) {
        await mark(uid, target, job.locale);
        return { outcome: 'marked', chars: 0 };
      }
      return { outcome: 'current', chars: 0 };
    }
    if (target?.sourceHash === hash) return { outcome: 'current', chars: 0 };
    const { translate, chars } = await translator(from, job.locale);
    const translated = await translate(text);
    await write(uid, { drafts: false }, job.documentId, job.locale, { ...fields(translated), textBy: 'machine', sourceChanged: false, sourceHash: hash });
    return { outcome: 'filled', chars: chars() };
  }

  return {
    async fill(job: FillJob): Promise<Filled> {
      const source = await defaultLocale();
      if (job.locale === source) return { outcome: 'current', chars: 0 };
      if (job.uid === UI_TEXT) return fillUiText(job);
      if (job.uid === MEDIA_TEXT) return fillMediaText(job, source);
      const type = translatableOf(job.uid);
      if (!type) return { outcome: 'no-source', chars: 0 };
      const result = await fillContent(type, job, source);
      if (result.outcome === 'filled') log(`[fill] ${type.uid.split('.').pop()} ${job.documentId} → ${job.locale}: ${result.chars} characters`);
      return result;
    },
  };
}

export type Filler = ReturnType<typeof createFiller>;
export { TranslationError };
