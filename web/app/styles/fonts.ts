// One typeface (Raleway, SIL Open Font License, from @fontsource) in the spec's three weights,
// self-hosted and cut into parts by script (styles/font-ranges.ts, scripts/vite/studio-fonts.ts).
// font-display: optional means the text never re-flows: the font is used on first paint when it
// is at hand (cached, or quick), otherwise the fallback stays for that page view.
import { FONT_FACES } from 'virtual:studio-fonts';

export function fontFacesCss(): string {
  return FONT_FACES.map(
    ({ url, weight, unicodeRange }) =>
      `@font-face{font-family:"Studio Sans";font-style:normal;font-weight:${weight};font-display:optional;` + `src:url(${url}) format("woff2");unicode-range:${unicodeRange};}`,
  ).join('');
}
