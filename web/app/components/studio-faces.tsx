import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { FACES_ATTRIBUTE, FACES_KEY, facesForText, facesWithheld, fetchFaces, layOutInTypeface, textStyles, withinFetched, type FaceFile } from '~/lib/document/faces';
import { mayFetchAhead } from '~/lib/navigation/fetch-ahead';
import { afterLoad } from '~/lib/hooks/use-after-load';

/** This document's faces, fetched after its first page had loaded: drawn from the next page. */
let fetched: FontFace[] | null = null;
/** Whether they are on their way (a component mounted again meanwhile asks for them once). */
let fetching = false;
/** Whether a move has drawn the document's text in them. */
let drawn = false;

/** The page's text is drawn in the typeface from now on: the stacks name it (its faces joined the page's when they came). */
function drawInFaces() {
  document.documentElement.setAttribute(FACES_ATTRIBUTE, '');
  drawn = true;
}

/**
 * The typeface made ready for the move that will draw it, while the visitor reads, in small tasks:
 * the faces join the page's (no text changes: a phone's stacks name the typeface only with
 * `data-faces`), and once the browser has drawn a frame after that, each way the page sets its
 * text, and each size its stylesheets declare, is laid out once in them out of sight, one a task.
 * Inside the move, this was most of what a phone's first move cost over a desktop's: the faces'
 * data at every size (on Linux, a call to the sandbox for each size's rendering settings) and the
 * page's text shaped in them, on top of setting the whole page again (decision 022, thirty-seventh
 * pass). `keep` drops characters a face not fetched would draw (they would fetch it).
 */
function readyFaces(faces: readonly FontFace[], keep: (text: string) => string) {
  // Read while the page's styles are up to date: new faces make the browser look at them again.
  const styles = textStyles(document.body).map((style) => ({ ...style, text: keep(style.text) }));
  const lines = () => {
    const style = styles.shift();
    if (!style || drawn) return;
    if (style.text) layOutInTypeface(style);
    setTimeout(lines, 0);
  };
  for (const face of faces) document.fonts.add(face);
  requestAnimationFrame(() => setTimeout(lines, 0));
}

const loadFace = ({ weight, phoneUrl, unicodeRange }: FaceFile) =>
  new FontFace('Studio Sans', `url(${phoneUrl}) format("woff2")`, { weight: String(weight), style: 'normal', unicodeRange }).load();

/**
 * A phone's first page of a first visit is drawn without the studio's typeface (lib/document/faces):
 * once it has loaded, this fetches the faces its text needs, and draws the next page in them from
 * its first paint. Renders nothing; on a desktop window, or a phone that has the faces already, it
 * does nothing.
 */
export function StudioFaces({ version, faces }: { version: string; faces: readonly FaceFile[] }) {
  const { pathname } = useLocation();
  const shown = useRef(pathname);

  useEffect(() => {
    if (!facesWithheld() || fetched || fetching) return;
    return afterLoad(() => {
      const wanted = facesForText(faces, document.body.innerText);
      fetching = true;
      void fetchFaces(version, wanted, {
        load: loadFace,
        storage: safeStorage(),
        saveData: !mayFetchAhead(),
      }).then((loaded) => {
        fetched = loaded;
        fetching = false;
        if (loaded && !drawn) readyFaces(loaded, (text) => withinFetched(text, faces, wanted));
      });
    });
  }, [version, faces]);

  // Another page, in the commit that draws it (for a view transition, inside its update, after the
  // old page was captured): its first paint is in the typeface, and no page the visitor is reading
  // changes its face (the viewer opening, a filter or the same address again keep the page).
  // Mounted again once the faces were drawn (React drew the document's <html> anew, which drops
  // its attributes), it puts them back.
  useLayoutEffect(() => {
    const moved = pathname !== shown.current;
    shown.current = pathname;
    if (!facesWithheld()) return;
    if (fetched && (moved || drawn)) drawInFaces();
    // A later document whose first script found the faces (not this one, which fetched them itself).
    else if (!moved && !fetched && storedVersion() === version) document.documentElement.setAttribute(FACES_ATTRIBUTE, '');
  }, [pathname, version]);

  return null;
}

/** The page's storage, or null where the browser refuses it (private modes, some embedded views). */
function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function storedVersion(): string | null {
  try {
    return safeStorage()?.getItem(FACES_KEY) ?? null;
  } catch {
    return null;
  }
}
