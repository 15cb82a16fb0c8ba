import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { FACES_ATTRIBUTE, facesWithheld, fetchFaces } from '~/lib/document/faces';
import { mayFetchAhead } from '~/lib/navigation/fetch-ahead';
import { afterLoad } from '~/lib/hooks/use-after-load';

/** The faces of this document are in (fetched after its first page had loaded). */
let facesIn = false;

/**
 * A phone's first page of a first visit is drawn without the studio's typeface (lib/document/faces):
 * once it has loaded, this fetches the faces, and draws the next page in them from its first paint.
 * Renders nothing; on a desktop window, or a phone that has the faces already, it does nothing.
 */
export function StudioFaces({ version }: { version: string }) {
  const { key } = useLocation();
  const firstKey = useRef(key);

  useEffect(() => {
    if (!facesWithheld() || facesIn) return;
    return afterLoad(() => {
      void fetchFaces(version, {
        fonts: document.fonts,
        storage: safeStorage(),
        text: document.body.innerText,
        saveData: !mayFetchAhead(),
      }).then((ok) => {
        facesIn = ok;
      });
    });
  }, [version]);

  // In the commit that draws the next page (for a view transition, inside its update, after the
  // old page was captured): the new page's first paint is in the typeface, and no page the visitor
  // is reading changes its face under them.
  useLayoutEffect(() => {
    if (key !== firstKey.current && facesIn && facesWithheld()) document.documentElement.setAttribute(FACES_ATTRIBUTE, '');
  }, [key]);

  return null;
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
