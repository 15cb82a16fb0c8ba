import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { FACES_ATTRIBUTE, FACES_KEY, facesForText, facesWithheld, fetchFaces, type FaceFile } from '~/lib/document/faces';
import { mayFetchAhead } from '~/lib/navigation/fetch-ahead';
import { afterLoad } from '~/lib/hooks/use-after-load';

/** This document's faces, fetched after its first page had loaded: drawn from the next page. */
let fetched: FontFace[] | null = null;

/** The page's text is drawn in the typeface from now on: its faces join the page's, then the stacks name them. */
function drawInFaces(faces: readonly FontFace[]) {
  for (const face of faces) document.fonts.add(face);
  document.documentElement.setAttribute(FACES_ATTRIBUTE, '');
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
    if (fetched && (moved || fetched.every((face) => document.fonts.has(face)))) drawInFaces(fetched);
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
