// One typeface (Raleway, SIL Open Font License, from @fontsource) in the spec's three weights,
// self-hosted and cut into parts by script (styles/font-ranges.ts, scripts/vite/studio-fonts.ts).
// font-display: optional means the text never re-flows: the font is used on first paint when it
// is at hand (cached, or quick), otherwise the fallback stays for that page view.
import { FONT_FACES } from 'virtual:studio-fonts';
import type { Layout } from '~/lib/document/device';
import { facesVersion, type FaceFile } from '~/lib/document/faces';

/** The faces a phone draws in, fetched after its first page (lib/document/faces). */
export const PHONE_FACES: readonly FaceFile[] = FONT_FACES;

/** The version of a phone's faces: a new cut of the faces is a new version. */
export const PHONE_FACES_VERSION = facesVersion(FONT_FACES.map(({ phoneUrl }) => phoneUrl));

/**
 * The faces' `@font-face` rules for a layout. A phone gets the parts cut without hinting: no
 * phone draws with TrueType instructions, and without them the Latin part of a weight is about
 * 11 KB instead of 15, under the 14.6 KB a new connection's first round trip carries, so on a slow
 * link it arrives a round trip sooner and takes less of the bandwidth the first picture needs
 * (decision 022, ninth pass). The web layout keeps them for Windows.
 */
export function fontFacesCss(layout: Layout): string {
  return FONT_FACES.map(
    ({ url, phoneUrl, weight, unicodeRange }) =>
      `@font-face{font-family:"Studio Sans";font-style:normal;font-weight:${weight};font-display:optional;` +
      `src:url(${layout === 'phone' ? phoneUrl : url}) format("woff2");unicode-range:${unicodeRange};}`,
  ).join('');
}
