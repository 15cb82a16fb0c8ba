/**
 * The typeface on a phone: from the second page of a first visit (decision 022, twelfth pass).
 *
 * A phone's first page is drawn in the system's faces and never asks for the studio's typeface:
 * on a slow link the faces (about 11 KB a weight) arrived after the 100 ms that `font-display:
 * optional` waits, so that page never used them, yet they were fetched at the highest priority
 * beside the first picture and took its bandwidth. Once the page has loaded, the faces the page's
 * text needs are fetched; the page keeps its faces (no text moves under the visitor), and the next
 * page, a move within the site or a later visit, is drawn in the typeface from its first paint.
 * A desktop window is unchanged: it asks for the faces with the page, as before.
 *
 * The switch is the `data-faces` attribute on <html>: the phone layout's font stacks leave the
 * typeface out without it (styles/global.css). It is set
 * - at the first move after the faces are in, in the commit that draws the new page (inside the
 *   view transition's update, so the old page is captured as it was);
 * - on a later document, by the inline script at the top of the page, when this browser has
 *   fetched this version of the faces before (the faces are immutable assets, so they come from
 *   its cache; if the cache dropped them, `font-display: optional` keeps the system's faces for
 *   that page and nothing moves).
 * Nothing here comes from a request: the page the server renders and caches is the same for every
 * visitor, and the attribute is the browser's own.
 */

import { SKIPPABLE } from '~/lib/media/hold-pictures';

export const FACES_ATTRIBUTE = 'data-faces';

/** Where this browser notes which version of the faces it has fetched. */
export const FACES_KEY = 'studio:faces';

/** The weights a page's text is drawn in (styles: body text 400, headings and labels 700). */
export const FACE_WEIGHTS = [400, 700] as const;

/** A short, stable name for a set of face files (their hashed addresses): new faces, new name. */
export function facesVersion(urls: readonly string[]): string {
  let hash = 5381;
  for (const char of urls.join('|')) hash = ((hash * 33) ^ char.charCodeAt(0)) >>> 0;
  return hash.toString(36);
}

/**
 * The inline snippet for the top of the document (plain ES5, before anything is drawn): a phone
 * that has fetched this version of the faces draws this page in them from the first paint.
 */
export function facesScript(version: string): string {
  return (
    `(function(){try{var root=document.documentElement;` +
    `if(root.getAttribute('data-layout')==='phone'&&localStorage.getItem(${JSON.stringify(FACES_KEY)})===${JSON.stringify(version)})` +
    `root.setAttribute(${JSON.stringify(FACES_ATTRIBUTE)},'')}catch(e){}})();`
  );
}

/** Whether this page is drawn without the typeface (a phone's first page of a first visit). */
export function facesWithheld(root: HTMLElement = document.documentElement): boolean {
  return root.dataset.layout === 'phone' && !root.hasAttribute(FACES_ATTRIBUTE);
}

/** A face of the typeface as the build cut it (`virtual:studio-fonts`): a phone's file is `phoneUrl`. */
export interface FaceFile {
  weight: number;
  phoneUrl: string;
  unicodeRange: string;
}

/** Whether a CSS `unicode-range` (`U+0020-007E,U+00A0,…`) holds the character `code`. */
export function inUnicodeRange(range: string, code: number): boolean {
  return intervals(range).some(([from, to]) => code >= from && code <= to);
}

/** A CSS `unicode-range` as the code points it runs from and to, part by part. */
function intervals(range: string): Array<readonly [number, number]> {
  return range.split(',').map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from!, 16), parseInt(to!, 16)] as const;
  });
}

/** The phone's faces the text needs: the weights it is drawn in, the parts holding its characters. */
export function facesForText(faces: readonly FaceFile[], text: string): FaceFile[] {
  const codes = new Set([...text].map((character) => character.codePointAt(0)!));
  return faces.filter(
    (face) => (FACE_WEIGHTS as readonly number[]).includes(face.weight) && [...codes].some((code) => inUnicodeRange(face.unicodeRange, code)),
  );
}

interface FetchFacesOptions {
  /** Fetches one face into a loaded `FontFace` of its own (not the page's `@font-face` rule). */
  load: (face: FaceFile) => Promise<FontFace>;
  storage: Pick<Storage, 'setItem'> | null;
  /** The visitor asked for less data (`navigator.connection.saveData`): nothing is fetched. */
  saveData: boolean;
}

/**
 * Fetches the faces (`facesForText`), each into a `FontFace` of its own, and notes the version once
 * they are in. Resolves to them, or to null when there was nothing to fetch or a face failed (the
 * pages stay in the system's faces).
 *
 * Not `document.fonts.load`, which loads the page's own `@font-face` rules: WebKit (every browser on
 * an iPhone) gives an `optional` face 100 ms and then marks it failed for the document, so on a
 * slow link the faces would never count as in. A face of its own has no such clock; the page's
 * rules then find the files in the browser's cache on the next document.
 */
export async function fetchFaces(version: string, faces: readonly FaceFile[], { load, storage, saveData }: FetchFacesOptions): Promise<FontFace[] | null> {
  if (saveData || faces.length === 0) return null;
  let loaded: FontFace[];
  try {
    loaded = await Promise.all(faces.map(load));
  } catch {
    return null;
  }
  try {
    storage?.setItem(FACES_KEY, version);
  } catch {
    // Storage refused (private mode, full): the faces still come at the next move of this visit.
  }
  return loaded;
}

/** Elements whose text is never drawn (HTML's and SVG's names). */
const UNDRAWN = new Set(['script', 'style', 'noscript', 'template', 'title']);

/** One way a page sets its text, with (some of) the text set in it. */
export interface TextStyle {
  fontStyle: string;
  fontWeight: string;
  fontSize: string;
  text: string;
}

/**
 * Each way the text under `root` is set (style, weight and size), with that text (up to `max`
 * characters of it), and each font size the document's stylesheets declare in pixels (the pages
 * fetched ahead link theirs) in the weights a page's text is drawn in, with a line of the page's
 * text.
 *
 * Cheap to ask on a long page: one element's style stands for every element of its kind (its tag
 * and class, or for an element without a class, its tag under its parent's kind), and of the parts
 * the browser may skip while off screen (a grid's tiles) only the first of each class is read,
 * since asking a skipped part for its style makes the browser style it.
 */
export function textStyles(root: HTMLElement, max = 160): TextStyle[] {
  const styles = new Map<string, TextStyle>();
  const kinds = new Map<Element, string>();
  const fonts = new Map<string, Omit<TextStyle, 'text'>>();
  const kindOf = (element: Element): string => {
    let kind = kinds.get(element);
    if (kind === undefined) {
      const className = element.getAttribute('class');
      kind = className ? `${element.localName}.${className}` : `${element.parentElement ? kindOf(element.parentElement) : ''}>${element.localName}`;
      kinds.set(element, kind);
    }
    return kind;
  };
  const skippableSeen = new Set<string>();
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, (node) => {
    if (node.nodeType !== Node.ELEMENT_NODE) return NodeFilter.FILTER_ACCEPT;
    const element = node as Element;
    if (UNDRAWN.has(element.localName)) return NodeFilter.FILTER_REJECT;
    if (!element.hasAttribute(SKIPPABLE)) return NodeFilter.FILTER_SKIP;
    const kind = kindOf(element);
    if (skippableSeen.has(kind)) return NodeFilter.FILTER_REJECT;
    skippableSeen.add(kind);
    return NodeFilter.FILTER_SKIP;
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent?.replace(/\s+/g, ' ').trim();
    if (!parent || !text) continue;
    const kind = kindOf(parent);
    let font = fonts.get(kind);
    if (font === undefined) {
      const { fontStyle, fontWeight, fontSize } = getComputedStyle(parent);
      font = { fontStyle, fontWeight, fontSize };
      fonts.set(kind, font);
    }
    const key = `${font.fontStyle} ${font.fontWeight} ${font.fontSize}`;
    const style = styles.get(key);
    if (!style) styles.set(key, { ...font, text: text.slice(0, max) });
    else if (style.text.length < max) style.text = `${style.text} ${text}`.slice(0, max);
  }
  const line = [...styles.values()].map(({ text }) => text).join(' ').slice(0, 40);
  for (const fontSize of declaredSizes(root.ownerDocument)) {
    for (const weight of FACE_WEIGHTS) {
      const fontWeight = String(weight);
      if (!styles.has(`normal ${fontWeight} ${fontSize}`)) styles.set(`normal ${fontWeight} ${fontSize}`, { fontStyle: 'normal', fontWeight, fontSize, text: line });
    }
  }
  return [...styles.values()];
}

/**
 * `text` without the characters only a face of the typeface not fetched would draw (`faces`, all
 * of them; `fetched`, those this page has): laid out, they would have the page's own `@font-face`
 * rule fetch that face. Characters no face draws (Chinese) stay: the system's faces draw them.
 */
export function withinFetched(text: string, faces: readonly FaceFile[], fetched: readonly FaceFile[]): string {
  const drawnByFetched = coverage(fetched);
  const drawnByAny = coverage(faces);
  return [...text].filter((character) => {
    const code = character.codePointAt(0)!;
    return drawnByFetched(code) || !drawnByAny(code);
  }).join('');
}

/** Whether any of `faces` draws a character: their ranges read once, each character asked once. */
function coverage(faces: readonly FaceFile[]): (code: number) => boolean {
  const ranges = faces.flatMap(({ unicodeRange }) => intervals(unicodeRange));
  const known = new Map<number, boolean>();
  return (code) => {
    let drawn = known.get(code);
    if (drawn === undefined) {
      drawn = ranges.some(([from, to]) => code >= from && code <= to);
      known.set(code, drawn);
    }
    return drawn;
  };
}

/** The font sizes in pixels (`24px`) that the document's own stylesheets declare. */
function declaredSizes(document: Document): Set<string> {
  const sizes = new Set<string>();
  const read = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if ('cssRules' in rule) read((rule as CSSGroupingRule).cssRules);
      const size = (rule as CSSStyleRule).style?.fontSize;
      if (size && /^\d+(\.\d+)?px$/.test(size)) sizes.add(size);
    }
  };
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      read(sheet.cssRules);
    } catch {
      // Another origin's sheet: its rules are not the page's to read.
    }
  }
  return sizes;
}

/**
 * Lays out `style`'s text once in the typeface (`--font-typeface`), out of sight, and takes it away
 * again in the same task: nothing is drawn and nothing moves. Only the family, style, weight and
 * size are set; the rest of the font (its figures, the language) is the page's, as on the page.
 * What stays is the browser's: the faces' data and metrics at that size, ready for the page that
 * will be drawn in them.
 */
export function layOutInTypeface({ fontStyle, fontWeight, fontSize, text }: TextStyle, document: Document = globalThis.document): void {
  const line = document.createElement('span');
  line.setAttribute('aria-hidden', 'true');
  line.style.cssText = 'position:fixed;left:-10000px;top:0;visibility:hidden;white-space:nowrap;pointer-events:none;contain:layout style';
  Object.assign(line.style, { fontFamily: 'var(--font-typeface)', fontStyle, fontWeight, fontSize });
  line.textContent = text;
  document.body.append(line);
  void line.offsetWidth;
  line.remove();
}
