import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { FACES_ATTRIBUTE, FACES_KEY, facesForText, facesWithheld, fetchFaces, layOutInTypeface, textStyles, type FaceFile } from '~/lib/document/faces';
import { mayFetchAhead } from '~/lib/navigation/fetch-ahead';
import { afterLoad } from '~/lib/hooks/use-after-load';

/** This document's faces, fetched after its first page had loaded: drawn from the next page. */
let fetched: FontFace[] | null = null;
/** Whether a move has drawn the document's text in them. */
let drawn = false;

/** The page's text is drawn in the typeface from now on: the stacks name it. */
function drawInFaces(faces: readonly FontFace[]) {
  for (const face of faces) document.fonts.add(face);
  document.documentElement.setAttribute(FACES_ATTRIBUTE, '');
  drawn = true;
}

/**
 * The typeface made ready for the move that will draw it, while the visitor reads: the faces join
 * the page's (no text changes: a phone's stacks name the typeface only with `data-faces`), and each
 * way the page sets its text, and each size its stylesheets declare, is laid out once in them out
 * of sight, one a task. Done inside the move, this was most of what a phone's first move cost over
 * a desktop's: the page's whole text set again in the new faces, and on Linux a call to the
 * sandbox for each size's rendering settings (decision 022, thirty-seventh pass).
 */
function readyFaces(faces: readonly FontFace[]) {
  // Read while the page's styles are up to date: new faces make the browser look at them again.
  const styles = textStyles(document.body);
  const steps = [() => faces.forEach((face) => document.fonts.add(face)), ...[...styles].map((style) => () => layOutInTypeface(...style))];
  const next = () => {
    if (drawn) return;
    steps.shift()?.();
    if (steps.length > 0) setTimeout(next, 0);
  };
  setTimeout(next, 0);
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
    if (!facesWithheld() || fetched) return;
    return afterLoad(() => {
      void fetchFaces(version, facesForText(faces, document.body.innerText), {
        load: loadFace,
        storage: safeStorage(),
        saveData: !mayFetchAhead(),
      }).then((loaded) => {
        fetched = loaded;
        if (loaded) readyFaces(loaded);
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
    if (fetched && (moved || drawn)) drawInFaces(fetched);
    else if (!moved && storedVersion() === version) document.documentElement.setAttribute(FACES_ATTRIBUTE, '');
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
