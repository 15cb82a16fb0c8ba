import { isPreview } from './lib/preview.server';
import { PreviewMarker } from './components/preview-marker';
import { useContext, useEffect, useRef, type ReactNode } from 'react';
import { preinit } from 'react-dom';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext as FrameworkContext,
  useLocation,
  useNavigate,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router';
import type { Route } from './+types/root';
import { ErrorPage } from './components/error-page';
import { TranslationToggle } from './features/translation/components/translation-toggle';
import { NotFoundPage } from './components/not-found-page';
import { rememberLanguage, twinForRememberedLanguage } from './features/translation/remembered-language';
import { HTML_LANG, LanguageContext, languageOf, localePath } from './lib/language';
import { LANGUAGE_LABELS, useStudio } from './lib/ui-text';
import { isSameSitePath } from './lib/same-site-path';
import { inPageLanguage } from './lib/page-language.server';
import { getContact } from './features/contact/api/get-contact.server';
import { loadStudio } from './features/studio/load-studio.server';
import { wordmarkFaceContext } from './lib/wordmark-face.server';

import { layoutFor } from './lib/device';
import { loadOrEmpty } from './lib/load-or-empty.server';
import { jsonForScript, studioJsonLd } from './lib/seo';
import { pageCacheMiddleware } from './lib/content/page-cache/page-cache-middleware.server';
import { EARLY_INPUT_SCRIPT, replayEarlyInputs, takeEarlyMove } from './lib/early-input';
import { InlineStylesheets } from './lib/inline-stylesheets';
import { LayoutProvider } from './lib/use-layout';
import { fontFacesCss } from './styles/fonts';
import './styles/global.css';
import { tokensCss } from './styles/tokens';
import { siteServices } from './lib/site-context.server';

const HEAD_CSS = tokensCss() + fontFacesCss();

// The icons and the manifest are the studio's (issue 37): named in the layout, with its logo's
// version and the page's language. No font is preloaded: with font-display: optional a preloaded
// font holds the first paint back until it arrives, and on a phone the page matters more than the
// face of its few Latin words (Chinese text uses the system's CJK font either way).

/** Every page request goes through the page cache (and its HTTP caching headers) first. */
export const middleware: Route.MiddlewareFunction[] = [pageCacheMiddleware(siteServices)];

/**
 * The layout (phone or web) is decided once, on the server, from the User-Agent; the public
 * origin and the studio's contact details are for every page's metadata.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = siteServices(context);
  const language = languageOf(new URL(request.url).pathname);
  const [contact, { studio, latinNames }] = await Promise.all([
    loadOrEmpty({ route: 'root', context }, () => getContact({ client: services.content, signal: request.signal }), null),
    loadStudio({ request, context }, language),
  ]);
  const origin = services.publicOrigin;
  const organization = studioJsonLd(origin, studio, await inPageLanguage(request, context, contact), language);
  // The wordmark's face, cut from the studio's Latin names (every language's: the same face on
  // both twins) and the toggle's letters; its CSS goes into the head (entry.server.tsx).
  const face = await services.wordmarkFace(`${latinNames}${LANGUAGE_LABELS}`);
  context.set(wordmarkFaceContext, face);
  return { layout: layoutFor(request.headers.get('user-agent')), origin, studio, organization, wordmarkFace: face.href, preview: isPreview() };
}

/** The studio's details are in the page's language: loaded again when the toggle changes it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) => languageOf(currentUrl.pathname) !== languageOf(nextUrl.pathname);

/**
 * The site's one stylesheet (about 4 KB compressed) goes inside the page as a React `<style>`
 * resource at the top of <head>: a phone paints without waiting for another request. Where the
 * server cannot inline it (the development server), it is linked first instead, ahead of the
 * script preloads that would otherwise queue before it on HTTP/1.1's six connections.
 */
function SiteLinks() {
  const framework = useContext(FrameworkContext);
  const inlined = useContext(InlineStylesheets);
  const hrefs = framework?.manifest.routes.root?.css ?? [];
  if (!framework || !inlined || !hrefs.every((href) => inlined.has(href))) {
    for (const href of hrefs) preinit(href, { as: 'style', precedence: 'site' });
    return <Links />;
  }
  // React Router would also link every route's stylesheet; they are all inside the page already.
  const routes = Object.fromEntries(Object.entries(framework.manifest.routes).map(([id, route]) => [id, route && { ...route, css: [] }]));
  const withoutCss = { ...framework, manifest: { ...framework.manifest, routes } };
  return (
    <>
      {hrefs.map((href) => (
        <style key={href} href={href} precedence="site" nonce={framework.nonce}>
          {inlined.get(href)}
        </style>
      ))}
      <FrameworkContext.Provider value={withoutCss}>
        <Links />
      </FrameworkContext.Provider>
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root');
  const layout = rootData?.layout ?? 'web';
  // This response's CSP nonce (server only; browsers hide it from scripts once the page is parsed).
  const nonce = useContext(FrameworkContext)?.nonce;
  const language = languageOf(useLocation().pathname);
  const studio = useStudio(language);
  const inlined = useContext(InlineStylesheets);
  const version = studio.logoSrc.split('?')[1];
  const icon = (path: string) => (version ? `${path}?${version}` : path);
  return (
    <html lang={HTML_LANG[language]} data-layout={layout}>
      <head>
        <meta charSet="utf-8" />
        {/* First in the document: it hears the visitor before anything else has loaded. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_INPUT_SCRIPT }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <SiteLinks />
        <style nonce={nonce}>{HEAD_CSS}</style>
        {rootData?.wordmarkFace && (
          <style href={rootData.wordmarkFace} precedence="site" nonce={nonce}>
            {inlined?.get(rootData.wordmarkFace) ?? ''}
          </style>
        )}
        <link rel="icon" href={icon('/favicon.ico')} sizes="32x32" />
        <link rel="icon" href={studio.logoSrc} type="image/svg+xml" />
        <link rel="apple-touch-icon" href={icon('/apple-touch-icon.png')} />
        <link rel="manifest" href={localePath('/manifest.webmanifest', language)} />
        <meta name="theme-color" content={studio.themeColor} />
        {rootData?.preview && <meta name="robots" content="noindex, nofollow" />}
        {rootData?.organization && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(rootData.organization) }} />}
      </head>
      <body>
        <LayoutProvider layout={layout}>
          <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>
          {rootData?.preview && <PreviewMarker />}
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

/**
 * Marks the document once React has taken over (end-to-end tests wait for it before interacting),
 * and replays the taps made before (lib/early-input.ts): this effect runs after every page's own.
 * A visitor who chose the other language earlier in this visit is taken to this page's twin.
 */
function useHydratedMarker() {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const startedOn = useRef(pathname + search + hash);
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    const movedTo = takeEarlyMove(startedOn.current) ?? twinForRememberedLanguage(startedOn.current);
    // Only ever to an address on this site (the browser's own address may be `//host/x`).
    if (movedTo && isSameSitePath(movedTo)) void navigate(movedTo, { replace: true });
    replayEarlyInputs();
  }, [navigate]);
  // The language of every page shown is the visitor's latest choice (spec 4: kept for the visit).
  const language = languageOf(pathname);
  useEffect(() => rememberLanguage(language), [language]);
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
    return <NotFoundPage toggle={<TranslationToggle toHome />} />;
  }
  if (!isRouteErrorResponse(error)) {
    console.error(error);
  }
  return <ErrorPage />;
}
