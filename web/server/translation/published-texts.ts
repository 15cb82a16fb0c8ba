/**
 * What the translation endpoint may translate: the texts the site itself shows. The browser sends
 * the trimmed value of every Chinese text node and label on the page (dom-translator.ts); each of
 * those is either
 * - an interface text (app/lib/ui-text.ts, the studio's own texts), or one of its templates with
 *   the holes filled by published texts or short texts without Chinese ("第 3 张"), or
 * - content from the CMS as the site loaded it, or a part of one (a paragraph of an article, an
 *   alt text).
 * Anything else is refused before it can reach the provider or the cache.
 */
export interface PublishedContent {
  /** The content answers the site holds now (CMS JSON, any shape: every string in it counts). */
  values(): Iterable<unknown>;
  /** Changes whenever what `values` gives may have changed. */
  version(): number;
}

export interface PublishedTextsOptions {
  content: PublishedContent;
  /** Loads the site's content (every list and entry), for texts from pages this process never rendered. */
  warm: () => Promise<void>;
  interfaceTexts: readonly string[];
  /** Interface templates with `{name}` holes. */
  templates: readonly string[];
  /** Warming runs at most this often (it costs the CMS a few calls). */
  warmIntervalMs?: number;
  now?: () => number;
}

const HAN = /\p{Script=Han}/u;
/** HTML parsing turns CRLF into LF: compare the way the browser sees the text. */
const normalise = (text: string) => text.replace(/\r\n?/g, '\n');

function collectStrings(value: unknown, into: string[], depth = 0): void {
  if (depth > 32) return;
  if (typeof value === 'string') {
    if (HAN.test(value)) into.push(normalise(value));
  } else if (Array.isArray(value)) {
    for (const item of value) collectStrings(item, into, depth + 1);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) collectStrings(item, into, depth + 1);
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function createPublishedTexts({ content, warm, interfaceTexts, templates, warmIntervalMs = 60_000, now = Date.now }: PublishedTextsOptions) {
  const patterns = templates.map((template) => new RegExp(`^${template.split(/\{\w+\}/).map(escapeRegExp).join('([\\s\\S]+?)')}$`, 'u'));
  let builtFor = -1;
  let exact = new Set<string>();
  let corpus = '';
  let warmedAt = -Infinity;
  let warming: Promise<void> | undefined;

  function build() {
    if (builtFor === content.version()) return;
    builtFor = content.version();
    const strings: string[] = interfaceTexts.map(normalise);
    for (const value of content.values()) collectStrings(value, strings);
    exact = new Set(strings);
    // One string to search for parts: NUL never occurs in page text, so no match spans two texts.
    corpus = strings.join('\u0000');
  }

  const shown = (text: string) => text.length > 0 && (exact.has(text) || corpus.includes(text));
  const fillsTemplate = (text: string) =>
    patterns.some((pattern) => {
      const match = pattern.exec(text);
      // A hole holds a published text, or a short one with nothing to translate (a number, a Latin name).
      return match !== null && match.slice(1).every((hole) => shown(hole.trim()) || (!HAN.test(hole) && hole.length <= 40));
    });
  const published = (text: string) => {
    const normalised = normalise(text).trim();
    return shown(normalised) || fillsTemplate(normalised);
  };

  return {
    /** Splits `texts` into the ones the site shows and the rest. */
    async check(texts: readonly string[]): Promise<{ published: string[]; refused: string[] }> {
      build();
      let refused = texts.filter((text) => !published(text));
      if (refused.length > 0 && (warming || now() - warmedAt >= warmIntervalMs)) {
        // Texts from a page another process (or this one before a restart) rendered: load the
        // site's content once and look again.
        if (!warming) warmedAt = now();
        warming ??= warm()
          .catch(() => {})
          .finally(() => (warming = undefined));
        await warming;
        build();
        refused = refused.filter((text) => !published(text));
      }
      if (refused.length === 0) return { published: [...texts], refused };
      const refusedSet = new Set(refused);
      return { published: texts.filter((text) => !refusedSet.has(text)), refused };
    },
  };
}

export type PublishedTexts = ReturnType<typeof createPublishedTexts>;
