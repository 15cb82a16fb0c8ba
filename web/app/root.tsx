import { useEffect, type ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { ErrorPage } from './components/error-page';
import { NotFoundPage } from './components/not-found-page';
import { TranslationProvider } from './features/translation/translation-provider';
import { contentCacheSettings, pageCache } from './lib/caches.server';
import { layoutFor } from './lib/device';
import { pageCacheMiddleware } from './lib/page-cache/page-cache-middleware.server';
import { LayoutProvider } from './lib/use-layout';
import { FONT_FILES, fontFacesCss } from './styles/fonts';
import './styles/global.css';
import { tokensCss } from './styles/tokens';

const HEAD_CSS = tokensCss() + fontFacesCss();

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  ...FONT_FILES.map((href) => ({ rel: 'preload', href, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' as const })),
];

/** Every page request goes through the page cache (and its HTTP caching headers) first. */
export const middleware: Route.MiddlewareFunction[] = [pageCacheMiddleware(pageCache, () => contentCacheSettings().ttlMs / 1000)];

/** The layout (phone or web) is decided once, on the server, from the User-Agent. */
export function loader({ request }: Route.LoaderArgs) {
  return { layout: layoutFor(request.headers.get('user-agent')) };
}

export const shouldRevalidate = () => false;

export function Layout({ children }: { children: ReactNode }) {
  const layout = useRouteLoaderData<typeof loader>('root')?.layout ?? 'web';
  return (
    <html lang="zh-CN" data-layout={layout}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <style>{HEAD_CSS}</style>
      </head>
      <body>
        <LayoutProvider layout={layout}>
          <TranslationProvider>{children}</TranslationProvider>
        </LayoutProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Spec 1: the right-click context menu is disabled site-wide. */
function useNoContextMenu() {
  useEffect(() => {
    const block = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('contextmenu', block);
    return () => document.removeEventListener('contextmenu', block);
  }, []);
}

/** Marks the document once React has taken over (end-to-end tests wait for it before interacting). */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

export default function App() {
  useNoContextMenu();
  useHydratedMarker();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useNoContextMenu();
  useHydratedMarker();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundPage />;
  }
  if (!isRouteErrorResponse(error)) {
    console.error(error);
  }
  return <ErrorPage />;
}
