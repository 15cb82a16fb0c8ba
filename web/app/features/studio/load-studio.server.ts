import { createHash } from 'node:crypto';
import { allLocales, type Language, type SiteLocales } from '~/lib/language/language';
import { loadOrEmpty } from '~/lib/content/load-or-empty.server';
import { mergeEntry, textsOf as textsIn } from '~/lib/language/localized.server';
import { toMedia } from '~/lib/media/media-schema.server';
import type { LoaderArgs } from '~/lib/language/page-locale.server';
import { siteServices } from '~/lib/request/site-context.server';
import { DEFAULT_LOGO_SRC, DEFAULT_THEME_COLOR, UNNAMED_LATIN, type Studio } from '~/lib/content/studio';
import type { PageTexts } from '~/lib/language/ui-text';
import { getStudio, type StudioRow } from './api/get-studio.server';

/**
 * The address of the studio's mark: the same-site SVG made from its logo, named by the logo's file
 * (its name, which Strapi makes unique per upload; not where it is kept, so a studio restored into
 * another bucket, or moved from the folder to one, serves the same pages).
 */
export const logoSrcOf = (row: Pick<StudioRow, 'logo'> | null): string =>
  row?.logo ? `${DEFAULT_LOGO_SRC}?v=${createHash('sha256').update(fileNameOf(row.logo.url)).digest('base64url').slice(0, 12)}` : DEFAULT_LOGO_SRC;

const fileNameOf = (url: string) => new URL(url, 'http://site.invalid').pathname.split('/').pop() ?? url;

/**
 * The studio's fields that are written per language (the rest are shared by all of them). The Latin
 * wordmark is one of them (a studio may draw another per language) but not a text in a language: a
 * locale without its own draws the source's, unmarked (a German page is not "partly untranslated"
 * for showing the studio's mark).
 */
export const STUDIO_TEXT_FIELDS = ['name', 'subtitle', 'tagline', 'description', 'copyrightHolder'] as const;

/**
 * The studio's identity for a page in `language` (issues 37 and 38): its texts in that language's
 * locale, each one it lacks from the source language's (marked as such: `fallback`), and what all
 * languages share (filing, country, colour, logo, share picture). A studio with nothing filled in
 * gets a neutral placeholder, never a blank page.
 */
export async function loadStudio(
  { request, context }: LoaderArgs,
  { language, locales }: { language: Language; locales: SiteLocales },
  { ui, fill }: Pick<PageTexts, 'ui' | 'fill'>,
): Promise<{ studio: Studio; latinNames: string; fallback: string[] }> {
  const { content } = siteServices(context);
  const load = (locale: string) => loadOrEmpty({ route: 'root', context }, () => getStudio({ client: content, signal: request.signal }, locale), null);
  // Every language's row: the wordmark's face covers the Latin names of all of them, so every
  // twin shares one face (a move between them keeps it).
  const every = allLocales(locales);
  const rows = new Map((await Promise.all(every.map(async (locale) => [locale, await load(locale)] as const))).filter((entry): entry is readonly [string, StudioRow] => entry[1] !== null));
  const source = rows.get(locales.source) ?? null;
  const own = rows.get(language) ?? null;
  const shared = own ?? source;
  const merged = source ? (language === locales.source ? { value: source, fallback: [] } : mergeEntry(source, own, STUDIO_TEXT_FIELDS)) : { value: own, fallback: [] };
  const texts = merged.value;
  const name = texts?.name || ui.unnamedStudio;
  const nameLatin = own?.nameLatin || source?.nameLatin || UNNAMED_LATIN;
  const year = new Date().getFullYear();
  const otherNames = [...rows.values()].map((row) => row.name).concat(nameLatin).filter((other) => other && other !== name);
  const studio: Studio = {
    name,
    nameLatin,
    subtitle: texts?.subtitle ?? '',
    tagline: texts?.tagline ?? '',
    description: texts?.description ?? '',
    copyright: fill('copyright', { year, holder: texts?.copyrightHolder || name }),
    filing: shared?.filingNumber ? { number: shared.filingNumber, url: shared.filingUrl || null } : null,
    country: shared?.country || null,
    themeColor: shared?.themeColor || DEFAULT_THEME_COLOR,
    logoSrc: logoSrcOf(shared),
    shareImage: shared?.shareImage ? toMedia(shared.shareImage, content.config, name) : null,
    alternateNames: [...new Set(otherNames)],
  };
  const latinNames = [...rows.values()].map((row) => row.nameLatin).concat(nameLatin).join('');
  // A copyright line made with a holder in the source language is a fallback too.
  const fallback = merged.fallback.length ? [...merged.fallback, ...textsIn(studio.copyright)] : [];
  return { studio, latinNames, fallback };
}
