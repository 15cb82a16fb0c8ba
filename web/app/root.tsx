import { isPreview } from '~/lib/request/preview.server';
import { PreviewMarker } from '~/components/preview-marker';
import { useContext, useMemo, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext as FrameworkContext,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router';
import type { Route } from './+types/root';
import { ErrorPage } from '~/components/error-page';
import { TranslationToggle } from '~/features/translation/components/translation-toggle';
import { NotFoundPage } from '~/components/not-found-page';
import { useResultPageStylesAhead } from '~/components/result-page-styles';
import { useMoveDrawn } from '~/lib/navigation/move-transition';
import { twinForRememberedLanguage, useRememberedLanguage } from '~/features/translation/remembered-language';
import { allLocales, DEFAULT_LOCALES, LanguageContext, languageMark, languageOf, localePath } from '~/lib/language/language';
import { Fallbacks } from '~/components/fallbacks';
import { HAND_WRITTEN, metaTexts, pageTexts, PageTextsContext, uiText, type RootData } from '~/lib/language/ui-text';
import { unnamedStudio } from '~/lib/content/studio';
import { pageLocale } from '~/lib/language/page-locale.server';
import { getUiTexts } from '~/lib/language/get-ui-texts.server';
import { loadContact } from '~/features/contact/api/load-contact.server';
import { loadStudio } from '~/features/studio/load-studio.server';
import { wordmarkFaceContext } from '~/lib/document/wordmark-face.server';

import { layoutFor, type Layout } from '~/lib/document/device';
import { loadOrEmpty } from '~/lib/content/load-or-empty.server';
import { jsonForScript, studioJsonLd } from '~/lib/document/seo';
import { EARLY_INPUT_SCRIPT } from '~/lib/document/early-input';
import { useTakingOver } from '~/lib/hooks/use-taking-over';
import { SiteLinks } from '~/components/site-links';
import { usePreloadLeadPictures } from '~/lib/media/lead-picture';
import { InlineStylesheets } from '~/lib/document/inline-stylesheets';
import { LayoutProvider } from '~/lib/hooks/use-layout';
import { fontFacesCss, PHONE_FACES, PHONE_FACES_VERSION } from '~/styles/fonts';
import { facesScript } from '~/lib/document/faces';
import { StudioFaces } from '~/components/studio-faces';
import '~/styles/global.css';
import { tokensCss } from '~/styles/tokens';
import { siteServices } from '~/lib/request/site-context.server';

/** The tokens and the typeface's faces, per layout (a phone's faces are cut without hinting). */
const HEAD_CSS: Record<Layout, string> = { phone: tokensCss() + fontFacesCss('phone'), web: tokensCss() + fontFacesCss('web') };

/** The first script of every page: the early-input recorder, and a phone's choice of faces. */
const HEAD_SCRIPT = EARLY_INPUT_SCRIPT + facesScript(PHONE_FACES_VERSION);

// The icons and the manifest are the studio's (issue 37): named in the layout, with its logo's
// version and the page's language. No font is preloaded: with font-display: optional a preloaded
// font holds the first paint back until it arrives, and on a phone the page matters more than the
// face of its few Latin words (Chinese text uses the system's CJK font either way). A phone's first
// page of a first visit does not ask for the typeface at all (components/studio-faces.tsx).

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

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root');
  const layout = rootData?.layout ?? 'web';
  // This response's CSP nonce (server only; browsers hide it from scripts once the page is parsed).
  const nonce = useContext(FrameworkContext)?.nonce;
  const pathname = useLocation().pathname;
  const locales = rootData?.locales ?? DEFAULT_LOCALES;
  const language = rootData?.language ?? languageOf(pathname, locales);
  const languageContext = useMemo(() => ({ language, locales }), [language, locales]);
  // The root's data keeps its identity across moves (it is loaded again only with the language).
  const studioData = rootData?.studio;
  const words = rootData?.interface;
  const texts = useMemo(() => pageTexts(language, locales, { studio: studioData, interface: words }), [language, locales, studioData, words]);
  const studio = rootData?.studio ?? unnamedStudio('');
  const inlined = useContext(InlineStylesheets);
  const version = studio.logoSrc.split('?')[1];
  const icon = (path: string) => (version ? `${path}?${version}` : path);
  usePreloadLeadPictures(layout);
  return (
    // The page's first script may add data-faces before React takes over (lib/document/faces).
    <html lang={language} data-layout={layout} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* First in the document: it hears the visitor before anything else has loaded. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: HEAD_SCRIPT }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <SiteLinks />
        {/* A resource (an `href`), not a plain element: React keeps it across the boundary's remount
            of the document (a 404 page and back), where a plain `<style>` would be made anew in
            the browser, without a nonce, and the policy would block the page's tokens and faces. */}
        <style href={`head-${layout}`} precedence="site" nonce={nonce}>
          {HEAD_CSS[layout]}
        </style>
        {rootData?.wordmarkFace && (
          <style href={rootData.wordmarkFace} precedence="site" nonce={nonce}>
            {inlined?.get(rootData.wordmarkFace) ?? ''}
          </style>
        )}
        {/* The tab's icon is the studio's mark as pixels (16, 32 and 48 px in one file), never its
            SVG: Chromium may fetch the icon again after a move (headless, on every move) and draws
            an SVG as a document of its own on the page's main thread, 30-40 ms of a phone's move
            at the 4x CPU (decision 022, fortieth pass). The manifest still offers the SVG. */}
        <link rel="icon" href={icon('/favicon.ico')} sizes="16x16 32x32 48x48" />
        <link rel="apple-touch-icon" href={icon('/apple-touch-icon.png')} />
        {/* Asked for with the page's credentials: a manifest is fetched without them by default,
            which a browser sends on a connection of its own (a new handshake on every first visit). */}
        <link rel="manifest" href={localePath('/manifest.webmanifest', language, locales)} crossOrigin="use-credentials" />
        <meta name="theme-color" content={studio.themeColor} />
        {rootData?.preview && <meta name="robots" content="noindex, nofollow" />}
        {rootData?.organization && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(rootData.organization) }} />}
      </head>
      <body>
        <LayoutProvider layout={layout}>
          <LanguageContext.Provider value={languageContext}>
            <PageTextsContext.Provider value={texts}>
              <Fallbacks texts={rootData?.fallback}>{children}</Fallbacks>
              {rootData?.preview && <PreviewMarker />}
            </PageTextsContext.Provider>
          </LanguageContext.Provider>
        </LayoutProvider>
        <StudioFaces version={PHONE_FACES_VERSION} faces={PHONE_FACES} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Once React has taken over: the hydration marker, the taps made before replayed, and a visitor
 * who chose the other language earlier in this visit taken to this page's twin, which is then
 * remembered as their latest choice (spec 4: kept for the visit).
 */
function useTakeOver() {
  const { pathname } = useLocation();
  const root = useRouteLoaderData<RootData>('root');
  const locales = root?.locales ?? DEFAULT_LOCALES;
  useTakingOver(locales, twinForRememberedLanguage);
  useRememberedLanguage(root?.language ?? languageOf(pathname, locales));
}

export default function App() {
  useTakeOver();
  useResultPageStylesAhead();
  useMoveDrawn();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useTakeOver();
  useMoveDrawn();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundPage toggle={<TranslationToggle toHome />} />;
  }
  if (!isRouteErrorResponse(error)) {
    console.error(error);
  }
  return <ErrorPage />;
}
