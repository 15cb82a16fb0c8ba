import type { SiteContent } from './published-content';
import { asSent, renderedTexts } from './rendered-texts';

/**
 * What the translation endpoint may translate: exactly the texts the site's pages show
 * (rendered-texts.ts), a finite set computed from the published content. The browser sends the
 * trimmed value of every Chinese text node and label on the page (dom-translator.ts); anything
 * else (arbitrary Chinese, a part of a text, two published texts joined) is refused before it
 * can reach the provider, the cache or the studio's list of English texts.
 */
export interface PublishedTextsOptions {
  /** The whole published site, through the content cache. */
  load: () => Promise<SiteContent>;
  /** Changes whenever what `load` gives may have changed (the content cache's version). */
  version: () => number;
  interfaceTexts: readonly string[];
  /** A refused text makes the set be computed again at most this often (a page from another instance). */
  refreshIntervalMs?: number;
  now?: () => number;
}

export function createPublishedTexts({ load, version, interfaceTexts, refreshIntervalMs = 60_000, now = Date.now }: PublishedTextsOptions) {
  let built: { version: number; at: number; texts: Set<string> } | undefined;
  let building: Promise<void> | undefined;

  const rebuild = () =>
    (building ??= load()
      .then((content) => {
        // The version after loading: the load itself may have filled the cache.
        built = { version: version(), at: now(), texts: renderedTexts(content, interfaceTexts) };
      })
      .catch(() => {})
      .finally(() => (building = undefined)));

  const shown = (text: string) => built?.texts.has(asSent(text)) ?? false;

  return {
    /** Splits `texts` into the ones the site shows and the rest. */
    async check(texts: readonly string[]): Promise<{ published: string[]; refused: string[] }> {
      if (!built || built.version !== version()) await rebuild();
      let refused = texts.filter((text) => !shown(text));
      if (refused.length > 0 && built && now() - built.at >= refreshIntervalMs) {
        await rebuild();
        refused = refused.filter((text) => !shown(text));
      }
      if (refused.length === 0) return { published: [...texts], refused };
      const refusedSet = new Set(refused);
      return { published: texts.filter((text) => !refusedSet.has(text)), refused };
    },
    /** How many texts the site shows now (for the operations docs and the bench). */
    size: () => built?.texts.size ?? 0,
  };
}

export type PublishedTexts = ReturnType<typeof createPublishedTexts>;
