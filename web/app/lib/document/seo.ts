import type { MetaDescriptor } from 'react-router';
import { allLocales, localePath, ogLocale, type Language, type SiteLocales } from '../language/language';
import { focusInSteps, isResizable, type Media } from '../media/media';
import type { Studio } from '../content/studio';

/** What a page tells search engines and link previews about itself. */
export interface PageSeo {
  title: string;
  description: string;
  /** The page's address in the source language (path and the query that identifies it). */
  path: string;
  /** The language of this twin: its own address is `path` in it (issues 28 and 38). */
  language: Language;
  /** The studio's locales. */
  locales: SiteLocales;
  /** The languages the page is really in (default: every locale): its `hreflang` alternates. */
  alternates?: readonly Language[];
  /** The studio (its name for `og:site_name`, its share picture where the page has none). */
  studio: Studio;
  image?: Media | null | undefined;
  type?: 'website' | 'article';
  noindex?: boolean;
  /** Structured data (schema.org) for this page, besides the studio's own. */
  jsonLd?: Array<Record<string, unknown>>;
}

/** Preview pictures are made 1200 px wide where the original is at least that wide. */
export const SHARE_IMAGE_WIDTH = 1200;
/** A social card's frame (1.91:1), cut around the picture's focus (issue 37). */
export const SHARE_CARD = { width: 1200, height: 630 } as const;

/**
 * The absolute address of a picture for link previews: with a focus set by the editor, the image
 * endpoint's 1200×630 card cut around it (a network crops a picture to its card otherwise, through
 * the middle); else its 1200 px rendition (JPEG/WebP/AVIF).
 */
export function shareImage(origin: string, media: Media): { url: string; width?: number; height?: number } {
  if (isResizable(media) && media.focus && media.width && media.height && media.width >= SHARE_CARD.width && media.height >= SHARE_CARD.height) {
    const { x, y } = focusInSteps(media.focus);
    return { url: `${origin}/_img/card-${x}-${y}${media.url}`, ...SHARE_CARD };
  }
  if (isResizable(media) && media.width && media.width >= SHARE_IMAGE_WIDTH) {
    const height = media.height ? Math.round((media.height * SHARE_IMAGE_WIDTH) / media.width) : undefined;
    return { url: `${origin}/_img/${SHARE_IMAGE_WIDTH}${media.url}`, width: SHARE_IMAGE_WIDTH, ...(height ? { height } : {}) };
  }
  return { url: new URL(media.url, origin).href, ...(media.width ? { width: media.width } : {}), ...(media.height ? { height: media.height } : {}) };
}

/** One line of plain text, at most `max` characters, cut at a character boundary. */
export function summary(text: string, max = 150): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * The twins of a page for search engines (issues 28 and 38): one per language the page is really
 * in, and the source language as the default for everyone else. Every twin carries the same list.
 */
export function languageAlternates(origin: string, path: string, locales: SiteLocales, alternates: readonly Language[] = allLocales(locales)): MetaDescriptor[] {
  const href = (language: Language) => new URL(localePath(path, language, locales), origin).href;
  const languages = allLocales(locales).filter((language) => alternates.includes(language));
  return [
    ...languages.map((language) => ({ tagName: 'link', rel: 'alternate', hrefLang: language, href: href(language) })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: href(locales.source) },
  ];
}

/** Title, description, canonical address, the language twins, Open Graph and Twitter card, and JSON-LD. */
export function seoMeta(origin: string, page: PageSeo): MetaDescriptor[] {
  const url = new URL(localePath(page.path, page.language, page.locales), origin).href;
  const picture = page.image?.kind === 'image' ? page.image : page.studio.shareImage;
  const image = picture ? shareImage(origin, picture) : null;
  const others = allLocales(page.locales).filter((language) => language !== page.language && (page.alternates ?? allLocales(page.locales)).includes(language));
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    ...languageAlternates(origin, page.path, page.locales, page.alternates),
    { property: 'og:site_name', content: page.studio.name },
    { property: 'og:locale', content: ogLocale(page.language) },
    ...others.map((language) => ({ property: 'og:locale:alternate', content: ogLocale(language) })),
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: page.title },
    { name: 'twitter:description', content: page.description },
  ];
  if (image) {
    tags.push({ property: 'og:image', content: image.url });
    if (image.width) tags.push({ property: 'og:image:width', content: String(image.width) });
    if (image.height) tags.push({ property: 'og:image:height', content: String(image.height) });
    if (picture?.alt) tags.push({ property: 'og:image:alt', content: picture.alt });
    tags.push({ name: 'twitter:image', content: image.url });
  }
  if (page.noindex) tags.push({ name: 'robots', content: 'noindex' });
  const inLanguage = page.language;
  const webPage = { '@type': 'WebPage', name: page.title, url, description: page.description };
  for (const data of [webPage, ...(page.jsonLd ?? [])]) tags.push({ 'script:ld+json': { '@context': 'https://schema.org', ...data, inLanguage } as never });
  return tags;
}

/** schema.org BreadcrumbList for a detail page: the list, then the page. */
export function breadcrumbs(origin: string, items: Array<{ name: string; path: string }>): Record<string, unknown> {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: new URL(item.path, origin).href })),
  };
}

/** The origin the root loader found for the site (PUBLIC_URL), from a meta function's matches. */
export const originOf = (matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string =>
  (matches.find((match) => match?.id === 'root')?.loaderData as { origin?: string } | undefined)?.origin || 'http://localhost';

/** schema.org Organization: the studio as it names itself, with what the contact content says, in the page's language. */
export function studioJsonLd(origin: string, studio: Studio, contact: { address: string; phone: string; mail: string } | null, language: Language, locales: SiteLocales): Record<string, unknown> {
  const alternateNames = studio.alternateNames.filter((name) => name && name !== studio.name);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: studio.name,
    ...(alternateNames.length ? { alternateName: alternateNames.length === 1 ? alternateNames[0] : alternateNames } : {}),
    ...(studio.description ? { description: studio.description } : {}),
    url: new URL(localePath('/', language, locales), origin).href,
    logo: `${origin}/icons/icon-512.png`,
    ...(contact?.address ? { address: { '@type': 'PostalAddress', streetAddress: contact.address, ...(studio.country ? { addressCountry: studio.country } : {}) } } : {}),
    ...(contact?.phone ? { telephone: contact.phone } : {}),
    ...(contact?.mail ? { email: contact.mail } : {}),
  };
}

/** JSON for a `<script type="application/ld+json">`: nothing in it can close the element. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
