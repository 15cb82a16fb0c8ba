import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, type ShouldRevalidateFunctionArgs } from 'react-router';

/** The query parameter that names the media item open full screen (1-based), e.g. `?media=3`. */
export const VIEWER_PARAM = 'media';

/** The open item's index in a list of `count`, or null: absent, malformed or out of range is closed. */
export function viewerIndex(search: string, count: number): number | null {
  const raw = new URLSearchParams(search).get(VIEWER_PARAM);
  if (!raw || !/^[1-9]\d{0,3}$/.test(raw)) return null;
  const position = Number(raw);
  return position <= count ? position - 1 : null;
}

/** `search` with the viewer at `index` (null: without the parameter). */
export function withViewer(search: string, index: number | null): string {
  const params = new URLSearchParams(search);
  if (index === null) params.delete(VIEWER_PARAM);
  else params.set(VIEWER_PARAM, String(index + 1));
  const next = params.toString();
  return next ? `?${next}` : '';
}

/** Opening, moving and closing the viewer change only the URL: the page's data stays as it is. */
export function keepDataOnViewerChange({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL) => withViewer(url.search, null);
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
}

interface ViewerState {
  viewerOpenedHere?: boolean;
}

/**
 * The full-screen viewer's place in the URL, so an open item can be shared: opening adds a history
 * entry (Back closes it), moving replaces it, closing goes back to the page's own entry.
 */
export function useViewerUrl(count: number) {
  const location = useLocation();
  const navigate = useNavigate();
  const index = viewerIndex(location.search, count);
  const state = useMemo(() => (location.state ?? {}) as ViewerState & Record<string, unknown>, [location.state]);

  const to = useCallback(
    (next: number | null, replace: boolean, extraState: ViewerState = {}) =>
      navigate(
        { pathname: location.pathname, search: withViewer(location.search, next), hash: location.hash },
        { replace, preventScrollReset: true, state: { ...state, ...extraState } },
      ),
    [location, navigate, state],
  );

  const open = useCallback((next: number) => to(next, false, { viewerOpenedHere: true }), [to]);
  const move = useCallback((next: number) => to(next, true), [to]);
  const close = useCallback(() => {
    if (state.viewerOpenedHere) void navigate(-1);
    else void to(null, true, { viewerOpenedHere: false });
  }, [navigate, state.viewerOpenedHere, to]);

  return { index, open, move, close };
}
