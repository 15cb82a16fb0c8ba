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

interface FetchFacesOptions {
  fonts: Pick<FontFaceSet, 'load'>;
  storage: Pick<Storage, 'setItem'> | null;
  /** The text the faces are fetched for (their unicode ranges): the page's own. */
  text: string;
  /** The visitor asked for less data (`navigator.connection.saveData`): nothing is fetched. */
  saveData: boolean;
}

/**
 * Fetches the faces the page's text needs, in the weights it is drawn in, and notes the version
 * once they are in. Resolves to whether they are (a face that fails leaves the system's faces).
 */
export async function fetchFaces(version: string, { fonts, storage, text, saveData }: FetchFacesOptions): Promise<boolean> {
  if (saveData) return false;
  try {
    // A page with no Latin text (all Chinese, say) needs none of them: nothing is fetched, and
    // the next page asks for what it needs itself.
    await Promise.all(FACE_WEIGHTS.map((weight) => fonts.load(`${weight} 1em "Studio Sans"`, text || 'a')));
  } catch {
    return false;
  }
  try {
    storage?.setItem(FACES_KEY, version);
  } catch {
    // Storage refused (private mode, full): the faces still come at the next move of this visit.
  }
  return true;
}
