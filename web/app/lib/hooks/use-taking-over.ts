import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { replayEarlyInputs, takeEarlyMove } from '../document/early-input';
import type { SiteLocales } from '../language/language';
import { isSameSitePath } from '../navigation/same-site-path';

/**
 * Marks the document once React has taken over (end-to-end tests wait for it before interacting),
 * replays the taps made before (lib/document/early-input.ts), and moves to where the visitor asked to go
 * before that, or to where `redirect` sends the address the visit began on. Used by the root, so
 * its effect runs after every page's own.
 */
export function useTakingOver(locales: SiteLocales, redirect: (address: string, locales: SiteLocales) => string | null | undefined) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  // Where the visit began, in which studio's languages: what the first effect looks at, once.
  const startedOn = useRef({ address: pathname + search + hash, locales, redirect });
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    const { address, locales, redirect } = startedOn.current;
    const movedTo = takeEarlyMove(address) ?? redirect(address, locales);
    // Only ever to an address on this site (the browser's own address may be `//host/x`).
    if (movedTo && isSameSitePath(movedTo)) void navigate(movedTo, { replace: true });
    replayEarlyInputs();
  }, [navigate]);
}
