import { data, type RouterContextProvider } from 'react-router';
import { getLocales, withNames } from './get-locales.server';
import { DEFAULT_LOCALES, localeOfPrefix, type Language, type SiteLocales } from './language';
import { loadOrEmpty } from '../content/load-or-empty.server';
import { siteServices } from '../request/site-context.server';

export interface LoaderArgs {
  request: Request;
  params: Readonly<Record<string, string | undefined>>;
  context: Readonly<RouterContextProvider>;
}

/** The spec's two, named, for when the CMS cannot say. */
const FALLBACK_LOCALES = withNames(DEFAULT_LOCALES);

/** The studio's locales (the CMS's, cached like any content; the spec's two while it cannot say). */
export const siteLocales = ({ context, request }: Pick<LoaderArgs, 'context' | 'request'>): Promise<SiteLocales> =>
  loadOrEmpty({ route: 'locales', context }, () => getLocales({ client: siteServices(context).content, signal: request.signal }), FALLBACK_LOCALES);

/**
 * The language of the page a loader serves (issue 38): the locale whose prefix the address starts
 * with (the `:lang` of routes.ts), else the studio's source language. Under a prefix that is no
 * locale of the studio there is no page: a 404, never a render with a guessed language. The root
 * and the 404 page itself (`orSource`) are then in the source language.
 */
export async function pageLocale(args: LoaderArgs, { orSource = false }: { orSource?: boolean } = {}): Promise<{ language: Language; locales: SiteLocales }> {
  const locales = await siteLocales(args);
  if (!args.params.lang) return { language: locales.source, locales };
  const language = localeOfPrefix(args.params.lang, locales);
  if (language) return { language, locales };
  if (orSource) return { language: locales.source, locales };
  throw data(null, { status: 404, statusText: 'Not Found' });
}
