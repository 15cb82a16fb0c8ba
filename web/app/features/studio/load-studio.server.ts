import { createHash } from 'node:crypto';
import type { RouterContextProvider } from 'react-router';
import type { Language } from '../../lib/language';
import { loadOrEmpty } from '../../lib/load-or-empty.server';
import { toMedia } from '../../lib/media-schema.server';
import { inPageLanguage } from '../../lib/page-language.server';
import { siteServices } from '../../lib/site-context.server';
import { DEFAULT_LOGO_SRC, DEFAULT_THEME_COLOR, UNNAMED_LATIN, type Studio } from '../../lib/studio';
import { uiText } from '../../lib/ui-text';
import { CMS_LOCALE, getStudio, type StudioRow } from './api/get-studio.server';

/**
 * The address of the studio's mark: the same-site SVG made from its logo, named by the logo's file
 * (its name, which Strapi makes unique per upload; not where it is kept, so a studio restored into
 * another bucket, or moved from the folder to one, serves the same pages).
 */
export const logoSrcOf = (row: Pick<StudioRow, 'logo'> | null): string =>
  row?.logo ? `${DEFAULT_LOGO_SRC}?v=${createHash('sha256').update(fileNameOf(row.logo.url)).digest('base64url').slice(0, 12)}` : DEFAULT_LOGO_SRC;

const fileNameOf = (url: string) => new URL(url, 'http://site.invalid').pathname.split('/').pop() ?? url;

/** The texts of the studio that are written in a language (the rest are shared by all of them). */
function textsOf(row: StudioRow | null, language: Language) {
  const unnamed = { name: uiText(language).ui.unnamedStudio, nameLatin: UNNAMED_LATIN };
  return {
    name: row?.name || unnamed.name,
    nameLatin: row?.nameLatin || unnamed.nameLatin,
    subtitle: row?.subtitle ?? '',
    tagline: row?.tagline ?? '',
    description: row?.description ?? '',
    copyrightHolder: row?.copyrightHolder || row?.name || unnamed.name,
  };
}

/**
 * The studio's identity for a page in `language` (issue 37): its texts in that language's locale,
 * those of the default locale where it has none yet (then translated on an English page, as any
 * Chinese content is), and what all languages share (filing, country, colour, logo, share picture).
 * A studio with nothing filled in gets a neutral placeholder, never a blank page.
 */
export async function loadStudio({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }, language: Language): Promise<{ studio: Studio; latinNames: string }> {
  const { content } = siteServices(context);
  const options = { client: content, signal: request.signal };
  const load = (locale: string) => loadOrEmpty({ route: 'root', context }, () => getStudio(options, locale), null);
  // Every language's row: the wordmark's face covers the Latin names of all of them, so both
  // twins share one face (a move between them keeps it).
  const [source, english] = await Promise.all([load(CMS_LOCALE.zh), load(CMS_LOCALE.en)]);
  const own = language === 'zh' ? source : english;
  const shared = own ?? source;
  // Texts: the page's own locale, else the source's (translated on the English pages).
  const texts = own ? textsOf(own, language) : await inPageLanguage(request, context, textsOf(source, language === 'zh' ? 'zh' : 'en'));
  const { fill } = uiText(language);
  const year = new Date().getFullYear();
  const otherNames = [source?.name, own?.name, texts.nameLatin].filter((name): name is string => Boolean(name) && name !== texts.name);
  const studio: Studio = {
    name: texts.name,
    nameLatin: texts.nameLatin,
    subtitle: texts.subtitle,
    tagline: texts.tagline,
    description: texts.description,
    copyright: fill('copyright', { year, holder: texts.copyrightHolder }),
    filing: shared?.filingNumber ? { number: shared.filingNumber, url: shared.filingUrl || null } : null,
    country: shared?.country || null,
    themeColor: shared?.themeColor || DEFAULT_THEME_COLOR,
    logoSrc: logoSrcOf(shared),
    shareImage: shared?.shareImage ? toMedia(shared.shareImage, content.config, texts.name) : null,
    alternateNames: [...new Set(otherNames)],
  };
  const latinNames = [source?.nameLatin, english?.nameLatin, studio.nameLatin].filter(Boolean).join('');
  return { studio, latinNames };
}
