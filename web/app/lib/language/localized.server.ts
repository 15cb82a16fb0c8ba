import { getMediaTexts } from './get-media-texts.server';
import { ContentError } from '../content/content-error.server';
import type { Language, SiteLocales } from './language';
import { loadEntry, loadOrEmpty } from '../content/load-or-empty.server';
import type { LoaderArgs } from './page-locale.server';
import { siteServices } from '../request/site-context.server';

/** What a loader shows in a page's language, and the texts it shows in the source language instead. */
export interface Localized<T> {
  value: T;
  fallback: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** Every text a value shows: its strings, and the text nodes of rich text. */
export function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (isRecord(value)) return Object.entries(value).flatMap(([key, item]) => (key === 'text' || key === 'children' ? textsOf(item) : []));
  return [];
}

/**
 * An entry in the page's language (issue 38): its own locale's version where the CMS has one, each
 * text field it lacks (or that is empty there) from the source's, which those texts are then
 * marked as. `fields` are the entry's texts (the rest, media, dates and relations, are shared).
 */
export function mergeEntry<T extends object>(source: T, own: T | null | undefined, fields: readonly (keyof T)[]): Localized<T> {
  if (!own) return { value: source, fallback: fields.flatMap((field) => textsOf(source[field])) };
  const value = { ...own };
  const fallback: string[] = [];
  for (const field of fields) {
    if (isEmpty(own[field]) && !isEmpty(source[field])) {
      value[field] = source[field];
      fallback.push(...textsOf(source[field]));
    }
  }
  return { value, fallback };
}

/**
 * A list in the page's language: the source's entries in the source's order (ordering is shared),
 * each in its own locale where it has one (`own` null: the locale's list could not be had).
 */
export function mergeList<T extends { documentId: string }>(source: readonly T[], own: readonly T[] | null, fields: readonly (keyof T)[]): Localized<T[]> {
  const mine = new Map((own ?? []).map((entry) => [entry.documentId, entry]));
  const merged = source.map((entry) => mergeEntry(entry, mine.get(entry.documentId), fields));
  return { value: merged.map((entry) => entry.value), fallback: merged.flatMap((entry) => entry.fallback) };
}

interface MediaLike {
  kind: string;
  url: string;
  alt: string;
}
const isMedia = (value: unknown): value is MediaLike => isRecord(value) && (value.kind === 'image' || value.kind === 'video') && typeof value.url === 'string' && typeof value.alt === 'string';

/** `value` with every picture's words in `texts` (by address); the ones without, marked as the source's. */
export function withMediaTexts<T>(value: T, texts: ReadonlyMap<string, string>, fallback: string[]): T {
  const walk = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(walk);
    if (isMedia(item)) {
      const own = texts.get(item.url);
      if (!own && item.alt) fallback.push(item.alt);
      return own ? { ...item, alt: own } : item;
    }
    if (isRecord(item)) return Object.fromEntries(Object.entries(item).map(([key, field]) => [key, walk(field)]));
    return item;
  };
  return walk(value) as T;
}

/**
 * Loads `load(locale)` in the source language and, on a page of another, in the page's too, and
 * merges them (`merge`: `mergeList` or `mergeEntry` with the entry's text fields); the pictures'
 * words come from the CMS's picture texts of that locale.
 */
export async function inPageLocale<T, R>(
  args: LoaderArgs,
  { language, locales }: { language: Language; locales: SiteLocales },
  route: string,
  load: (locale: Language) => Promise<T>,
  merge: (source: T, own: T | null) => Localized<R>,
  empty: T,
  { entry = false }: { entry?: boolean } = {},
): Promise<Localized<R> & { failed: boolean }> {
  const { context } = args;
  let failed = false;
  const safely = <V,>(read: () => Promise<V>, otherwise: V) =>
    loadOrEmpty({ route, context }, read, undefined as V | undefined).then((value) => {
      if (value === undefined) failed = true;
      return value ?? otherwise;
    });
  // One entry (`entry`): an id the CMS does not know is the 404 page (spec 2), not an empty page.
  const fromSource = async (locale: Language): Promise<T> => {
    if (!entry) return safely(() => load(locale), empty);
    const value = await loadEntry({ route, context }, () => load(locale));
    if (value === null) failed = true;
    return value ?? empty;
  };
  if (language === locales.source) {
    const value = await fromSource(language);
    return { ...merge(value, value), fallback: [], failed };
  }
  // An entry not in the page's locale yet is no failure: its source is shown instead.
  const ownOrNone = () => load(language).catch((error: unknown) => (error instanceof ContentError && error.notFound ? null : Promise.reject(error)));
  const [source, own, texts] = await Promise.all([
    fromSource(locales.source),
    safely(ownOrNone, null as T | null),
    safely(() => getMediaTexts({ client: siteServices(context).content, signal: args.request.signal }, language), new Map<string, string>()),
  ]);
  const merged = merge(source, own);
  const fallback = [...merged.fallback];
  return { value: withMediaTexts(merged.value, texts, fallback), fallback: [...new Set(fallback)], failed };
}
