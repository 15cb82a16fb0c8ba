import type { Media } from '../media/media';

/**
 * The studio's identity as the pages show it (issue 37): content the studio edits in the CMS's
 * "Studio" single type, in the page's language, never a constant of the code. Every page reads it
 * from the root loader (`useUi().studio`, `metaTexts(…).studio`).
 */
export interface Studio {
  /** The studio's name as written in the page's language. */
  name: string;
  /** The wordmark, drawn in the spec's typeface (its face is cut from these letters). */
  nameLatin: string;
  /** What the studio does, in a few words (under the landing's title). */
  subtitle: string;
  /** The landing's line under the title. */
  tagline: string;
  /** A sentence or two about the studio: the site's description for search engines and the app manifest. */
  description: string;
  /** "© 2026 … All rights reserved.", made on the server from the copyright holder and the year. */
  copyright: string;
  /** The national filing (ICP) notice on the landing; null for a studio that has none. */
  filing: { number: string; url: string | null } | null;
  /** ISO 3166-1 alpha-2 of the studio's address, for structured data; null when not set. */
  country: string | null;
  /** The browser's theme colour (`<meta name="theme-color">`, the manifest). */
  themeColor: string;
  /** The mark, from the uploaded logo (or the site's default mark): a same-site SVG address. */
  logoSrc: string;
  /** The default picture for link previews of pages without one of their own. */
  shareImage: Media | null;
  /** The studio's other names (its name in the other languages, the wordmark), for structured data. */
  alternateNames: string[];
}

export const DEFAULT_THEME_COLOR = '#ffffff';
/** The site's own mark until a studio uploads its logo (server/studio/studio-icons.ts serves it). */
export const DEFAULT_LOGO_SRC = '/favicon.svg';

/**
 * The identity of a studio that has filled nothing in yet: every page still composed, never
 * blank, under a neutral placeholder name in the page's language (`ui.unnamedStudio`).
 */
export function unnamedStudio(name: string): Studio {
  return {
    name,
    nameLatin: UNNAMED_LATIN,
    subtitle: '',
    tagline: '',
    description: '',
    copyright: '',
    filing: null,
    country: null,
    themeColor: DEFAULT_THEME_COLOR,
    logoSrc: DEFAULT_LOGO_SRC,
    shareImage: null,
    alternateNames: [],
  };
}

/** The wordmark of a studio that has not set its Latin name. */
export const UNNAMED_LATIN = 'STUDIO';
