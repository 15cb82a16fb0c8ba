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
  return range.split(',').some((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return code >= parseInt(from!, 16) && code <= parseInt(to!, 16);
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
