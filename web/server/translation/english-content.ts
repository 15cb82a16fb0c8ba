import { hasHan } from '../../app/lib/language';
import type { EnglishContent } from '../../app/lib/site-context.server';
import type { TranslationService } from './service';

/**
 * Fields that are never text a visitor reads, whatever they hold: addresses, ids, and the
 * category's name as the filter's key (`?category=` stays the studio's own; its label is translated).
 */
const NOT_TEXT = new Set(['url', 'documentId', 'designType', 'category', 'icontype', 'placeholder', 'ext', 'mime']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every text with Chinese in it, anywhere in `value` (each once, in the order met). */
export function chineseTexts(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (hasHan(value)) found.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) chineseTexts(item, found);
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) if (!NOT_TEXT.has(key)) chineseTexts(item, found);
  }
  return found;
}

/** A copy of `value` with each text `english` knows replaced (the content cache's objects are shared: never changed in place). */
export function withEnglish<T>(value: T, english: (text: string) => string | undefined): T {
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return hasHan(item) ? (english(item) ?? item) : item;
    if (Array.isArray(item)) return item.map(walk);
    if (isRecord(item)) return Object.fromEntries(Object.entries(item).map(([key, field]) => [key, NOT_TEXT.has(key) ? field : walk(field)]));
    return item;
  };
  return walk(value) as T;
}

/**
 * The English pages' content (issue 28): each Chinese text of what a loader read becomes English —
 * the interface's own dictionary for the few interface texts content calls fill in, then the
 * studio's English and the translation cache (at once), then the provider for what is missing,
 * within the daily budget and the visitor's share of it, waited for at most `deadlineMs`. What is
 * not in by then stays Chinese on this view (`complete: false`: the page is not cached) and lands
 * in the cache for the next one.
 */
export function createEnglishContent({
  service,
  interfaceEnglish,
  deadlineMs,
  log = console.warn,
}: {
  service: Pick<TranslationService, 'known' | 'translateAll'>;
  interfaceEnglish: ReadonlyMap<string, string>;
  deadlineMs: number;
  log?: (line: string) => void;
}): EnglishContent {
  return {
    async translate(value, { client }) {
      const started = Date.now();
      const texts = [...chineseTexts(value)].filter((text) => !interfaceEnglish.has(text));
      const english = new Map<string, string>();
      let complete = true;
      if (texts.length > 0) {
        try {
          for (const [source, target] of await service.known(texts)) english.set(source, target);
        } catch (error) {
          log(`[translate] the cache could not be read: ${error instanceof Error ? error.message : String(error)}`);
        }
        const missing = texts.filter((text) => !english.has(text));
        if (missing.length > 0) {
          // Goes on after the deadline: what it brings is cached for the next view.
          const job = service.translateAll(missing, { client }).catch(() => null);
          let cancel = () => {};
          const late = new Promise<undefined>((resolve) => {
            const timer = setTimeout(resolve, Math.max(0, deadlineMs - (Date.now() - started)));
            cancel = () => clearTimeout(timer);
          });
          const result = await Promise.race([job, late]);
          cancel();
          if (result) for (const [source, target] of Object.entries(result.translations)) english.set(source, target);
          complete = missing.every((text) => english.has(text));
        }
      }
      return { value: withEnglish(value, (text) => interfaceEnglish.get(text) ?? english.get(text)), complete };
    },
  };
}
