import { isPreview } from '~/lib/preview.server';
import { PreviewMarker } from '~/components/preview-marker';
import { useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
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
  useMatches,
  useNavigate,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router';
import type { Route } from './+types/root';
import { ErrorPage } from '~/components/error-page';
import { TranslationToggle } from '~/features/translation/components/translation-toggle';
import { NotFoundPage } from '~/components/not-found-page';
import { rememberLanguage, twinForRememberedLanguage } from '~/features/translation/remembered-language';
import { allLocales, DEFAULT_LOCALES, LanguageContext, languageMark, languageOf, localePath } from '~/lib/language';
import { Fallbacks } from '~/components/fallbacks';
import { HAND_WRITTEN, metaTexts, uiText, type RootData } from '~/lib/ui-text';
import { unnamedStudio } from '~/lib/studio';
import { pageLocale } from '~/lib/page-locale.server';
import { getUiTexts } from '~/lib/i18n/get-ui-texts.server';
import { isSameSitePath } from '~/lib/same-site-path';
import { loadContact } from '~/features/contact/api/load-contact.server';
import { loadStudio } from '~/features/studio/load-studio.server';
import { wordmarkFaceContext } from '~/lib/wordmark-face.server';

import { layoutFor } from '~/lib/device';
import { loadOrEmpty } from '~/lib/load-or-empty.server';
import { jsonForScript, studioJsonLd } from '~/lib/seo';
import { EARLY_INPUT_SCRIPT, replayEarlyInputs, takeEarlyMove } from '~/lib/early-input';
import { InlineStylesheets } from '~/lib/inline-stylesheets';
import { LayoutProvider } from '~/lib/use-layout';
import { fontFacesCss } from '~/styles/fonts';
import '~/styles/global.css';
import { tokensCss } from '~/styles/tokens';
import { siteServices } from '~/lib/site-context.server';

const HEAD_CSS = tokensCss() + fontFacesCss();

// The icons and the manifest are the studio's (issue 37): named in the layout, with its logo's
// version and the page's language. No font is preloaded: with font-display: optional a preloaded
// font holds the first paint back until it arrives, and on a phone the page matters more than the
// face of its few Latin words (Chinese text uses the system's CJK font either way).

/** Every page request goes through the page cache (and its HTTP caching headers) first. */
export const middleware: Route.MiddlewareFunction[] = [(args, next) => siteServices(args.context).pageCache(args, next)];

/**
 * The layout (phone or web) is decided once, on the server, from the User-Agent; the public
 * origin and the studio's contact details are for every page's metadata.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = siteServices(context);
  const args = { request, context, params };
  // Under a prefix that is no locale, the page below is the 404: the frame around it is the source's.
  const at = await pageLocale(args, { orSource: true });
  const { language, locales } = at;
  // The site's words for a locale it does not write itself (issue 38): the CMS's.
  const words = HAND_WRITTEN[language] ? null : await loadOrEmpty({ route: 'root', context }, () => getUiTexts({ client: services.content, signal: request.signal }, language), null);
  const [contact, { studio, latinNames, fallback }] = await Promise.all([
    loadContact(args, at, 'root'),
    loadStudio(args, at, uiText(language, words)),
  ]);
  const origin = services.publicOrigin;
  const organization = studioJsonLd(origin, studio, contact.value, language, locales);
  // The wordmark's face, cut from the studio's Latin names (every language's: the same face on
  // every twin) and the language marks' letters; its CSS goes into the head (entry.server.tsx).
  const face = await services.wordmarkFace(`${latinNames}${allLocales(locales).map(languageMark).join(' ')}`);
  context.set(wordmarkFaceContext, face);
  // What every page shows in the source language for want of its own (the studio's texts).
  const root = { studio, language, locales, interface: words, fallback } satisfies RootData;
  return { ...root, layout: layoutFor(request.headers.get('user-agent')), origin, organization, wordmarkFace: face.href, preview: isPreview(context) };
}

/**
 * The pages name themselves; a page the root's boundary shows instead (an address under a prefix
 * that is no locale, a failure) is named here, and is not for search engines.
 */
export const meta: Route.MetaFunction = ({ error, location, matches }) => {
  if (!error) return [];
  const { ui, studio, fill } = metaTexts({ location, matches });
  const page = isRouteErrorResponse(error) && error.status === 404 ? ui.notFoundTitle : ui.unavailable;
  return [{ title: fill('pageTitle', { page, studio: studio.name }) }, { name: 'robots', content: 'noindex' }];
};

/** The studio's details and words are in the page's language: loaded again when the language changes. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams }) => (currentParams.lang ?? '') !== (nextParams.lang ?? '');

/**
 * The stylesheets of the routes on the page (the root's, then each matched route's: decision 022)
 * go inside the page as React `<style>` resources at the top of <head>: a phone paints without
 * waiting for another request, and a page carries only the rules it can use. A route the visitor
 * moves to later links its own as a React stylesheet resource, which the move waits for (React
 * holds a transition's commit until its stylesheets have loaded; they were fetched ahead with the
 * page's data). Where the server cannot inline them (the development server), they are linked
 * first instead, ahead of the script preloads that would otherwise queue before them on HTTP/1.1's
 * six connections.
 */
function SiteLinks() {
  const framework = useContext(FrameworkContext);
  const inlined = useContext(InlineStylesheets);
  const matches = useMatches();
  const rootCss = framework?.manifest.routes.root?.css ?? [];
  if (!framework || !inlined || !rootCss.every((href) => inlined.has(href))) {
    for (const href of rootCss) preinit(href, { as: 'style', precedence: 'site' });
    return <Links />;
  }
  // In the cascade, what a module imports comes before the module, as in one built stylesheet: a
  // page's own rules (`.awards p`) win over the shared component's (`.blocks p`). React Router lists
  // a route's stylesheets the other way round (its own chunk first, then what it imports, depth
  // first), so each route's list is reversed; the root's and the layout's come first.
  const hrefs = [...new Set(matches.flatMap((match) => [...(framework.manifest.routes[match.id]?.css ?? [])].reverse()))];
  // React Router would link the same stylesheets again, without React's precedence.
  const routes = Object.fromEntries(Object.entries(framework.manifest.routes).map(([id, route]) => [id, route && { ...route, css: [] }]));
  const withoutCss = { ...framework, manifest: { ...framework.manifest, routes } };
  return (
    <>
      {hrefs.map((href) =>
        inlined.has(href) ? (
          <style key={href} href={href} precedence="site" nonce={framework.nonce}>
            {inlined.get(href)}
          </style>
        ) : (
          <link key={href} rel="stylesheet" href={href} precedence="site" />
        ),
      )}
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
  const pathname = useLocation().pathname;
  const locales = rootData?.locales ?? DEFAULT_LOCALES;
  const language = rootData?.language ?? languageOf(pathname, locales);
  const languageContext = useMemo(() => ({ language, locales }), [language, locales]);
  const studio = rootData?.studio ?? unnamedStudio('');
  const inlined = useContext(InlineStylesheets);
  const version = studio.logoSrc.split('?')[1];
  const icon = (path: string) => (version ? `${path}?${version}` : path);
  return (
    <html lang={language} data-layout={layout}>
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
        <link rel="manifest" href={localePath('/manifest.webmanifest', language, locales)} />
        <meta name="theme-color" content={studio.themeColor} />
        {rootData?.preview && <meta name="robots" content="noindex, nofollow" />}
        {rootData?.organization && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(rootData.organization) }} />}
      </head>
      <body>
        <LayoutProvider layout={layout}>
          <LanguageContext.Provider value={languageContext}>
            <Fallbacks texts={rootData?.fallback}>{children}</Fallbacks>
          </LanguageContext.Provider>
          {rootData?.preview && <PreviewMarker />}
        </LayoutProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Marks the document once React has taken over (end-to-end tests wait for it before interacting),
 * and replays the taps made before (lib/early-input.ts): this effect runs after every page's own.
 * A visitor who chose the other language earlier in this visit is taken to this page's twin.
 */
function useHydratedMarker() {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const root = useRouteLoaderData<RootData>('root');
  const siteLocales = root?.locales ?? DEFAULT_LOCALES;
  // Where the visit began, in which studio's languages: what the first effect looks at, once.
  const startedOn = useRef({ address: pathname + search + hash, locales: siteLocales });
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    const { address, locales } = startedOn.current;
    const movedTo = takeEarlyMove(address) ?? twinForRememberedLanguage(address, locales);
    // Only ever to an address on this site (the browser's own address may be `//host/x`).
    if (movedTo && isSameSitePath(movedTo)) void navigate(movedTo, { replace: true });
    replayEarlyInputs();
  }, [navigate]);
  // The language of every page shown is the visitor's latest choice (spec 4: kept for the visit).
  const language = root?.language ?? languageOf(pathname, siteLocales);
  useEffect(() => rememberLanguage(language), [language]);
}

export default function App() {
  useHydratedMarker();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useHydratedMarker();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundPage toggle={<TranslationToggle toHome />} />;
  }
  if (!isRouteErrorResponse(error)) {
    console.error(error);
  }
  return <ErrorPage />;
}
