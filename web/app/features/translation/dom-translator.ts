/**
 * Page-wide Chinese-to-English translation of the live DOM (spec 4). Every text node and the alt,
 * aria-label, title and placeholder attributes that contain Chinese are swapped for English and
 * remembered, so switching back restores the exact original without a reload. A MutationObserver
 * translates whatever React renders later (new tiles, a carousel slide, a new page); React keeps
 * owning the nodes, we only change their values, and our own writes are filtered out.
 */
export const HAN = /\p{Script=Han}/u;
const ATTRIBUTES = ['alt', 'aria-label', 'title', 'placeholder'] as const;
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
/** Elements (and their subtree) marked with this attribute are never translated. */
export const NO_TRANSLATE = 'data-no-translate';

export interface TranslationAnswer {
  translations: Record<string, string>;
  failed: string[];
}
export type TranslationFetcher = (texts: string[]) => Promise<TranslationAnswer>;

interface Written {
  original: string;
  written: string;
}

type Target =
  | { kind: 'text'; node: Text; value: string }
  | { kind: 'attr'; element: Element; name: string; value: string }
  | { kind: 'title'; value: string };

/** Leading and trailing whitespace stay as they are; only the core is translated. */
export function splitWhitespace(value: string): { lead: string; core: string; trail: string } {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(value)!;
  return { lead: match[1]!, core: match[2]!, trail: match[3]! };
}

export class DomTranslator {
  private readonly texts = new Map<Text, Written>();
  private readonly attrs = new Map<Element, Map<string, Written>>();
  /** The document's title (the tab, bookmarks, what a screen reader announces first). */
  private title: Written | null = null;
  private readonly known = new Map<string, string>();
  private observer: MutationObserver | null = null;
  private active = false;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly root: Element,
    private readonly fetcher: TranslationFetcher,
    private readonly onFailure: () => void = () => {},
  ) {}

  get enabled(): boolean {
    return this.active;
  }

  /** Translates the page now and keeps translating what appears later. Resolves when the page is done. */
  enable(): Promise<void> {
    if (!this.active) {
      this.active = true;
      this.observer = new MutationObserver(() => this.schedule());
      this.observer.observe(this.root, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
        attributeFilter: [...ATTRIBUTES],
      });
    }
    return this.run();
  }

  /** Puts every original text back, exactly, and stops watching. */
  disable(): void {
    this.active = false;
    clearTimeout(this.timer);
    this.observer?.disconnect();
    this.observer = null;
    for (const [node, written] of this.texts) {
      if (node.nodeValue === written.written) node.nodeValue = written.original;
    }
    for (const [element, names] of this.attrs) {
      for (const [name, written] of names) {
        if (element.getAttribute(name) === written.written) element.setAttribute(name, written.original);
      }
    }
    const document = this.root.ownerDocument;
    if (this.title && document.title === this.title.written) document.title = this.title.original;
    this.title = null;
    this.texts.clear();
    this.attrs.clear();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), 30);
  }

  private run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.translatePage().finally(() => {
      this.running = null;
      if (this.again && this.active) {
        this.again = false;
        void this.run();
      }
    });
    return this.running;
  }

  private collect(): Target[] {
    const targets: Target[] = [];
    const title = this.root.ownerDocument.title;
    if (HAN.test(title)) targets.push({ kind: 'title', value: title });
    const walker = this.root.ownerDocument.createTreeWalker(this.root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => {
        if (node instanceof Element && (SKIPPED.has(node.tagName) || node.hasAttribute(NO_TRANSLATE))) {
          return NodeFilter.FILTER_REJECT;
        }
        return NodeFilter.FILTER_ACCEPT;
      },
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node instanceof Text) {
        const value = node.nodeValue ?? '';
        if (HAN.test(value)) targets.push({ kind: 'text', node, value });
      } else if (node instanceof Element) {
        for (const name of ATTRIBUTES) {
          const value = node.getAttribute(name);
          if (value && HAN.test(value)) targets.push({ kind: 'attr', element: node, name, value });
        }
      }
    }
    return targets;
  }

  private async translatePage(): Promise<void> {
    const targets = this.collect();
    const missing = [...new Set(targets.map((target) => splitWhitespace(target.value).core))].filter(
      (core) => core && !this.known.has(core),
    );
    if (missing.length > 0) {
      try {
        const answer = await this.fetcher(missing);
        for (const [source, target] of Object.entries(answer.translations)) this.known.set(source, target);
        if (answer.failed.length > 0) this.onFailure();
      } catch {
        this.onFailure();
      }
    }
    if (!this.active) return;
    this.apply(targets);
  }

  /** All writes in one go, then our own mutation records are dropped. */
  private apply(targets: Target[]): void {
    for (const target of targets) {
      const { lead, core, trail } = splitWhitespace(target.value);
      const english = this.known.get(core);
      if (english === undefined) continue; // failed: the Chinese stays
      const written = `${lead}${english}${trail}`;
      if (target.kind === 'title') {
        const document = this.root.ownerDocument;
        if (document.title !== target.value) continue;
        document.title = written;
        this.title = { original: target.value, written };
      } else if (target.kind === 'text') {
        if (target.node.nodeValue !== target.value) continue; // changed meanwhile: next round
        target.node.nodeValue = written;
        this.texts.set(target.node, { original: target.value, written });
      } else {
        if (target.element.getAttribute(target.name) !== target.value) continue;
        target.element.setAttribute(target.name, written);
        const names = this.attrs.get(target.element) ?? new Map<string, Written>();
        names.set(target.name, { original: target.value, written });
        this.attrs.set(target.element, names);
      }
    }
    this.observer?.takeRecords();
  }
}
