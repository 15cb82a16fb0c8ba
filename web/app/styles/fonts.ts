// One typeface (Raleway, SIL Open Font License, from @fontsource) in the spec's three weights,
// self-hosted and cut to the characters the site shows in it (scripts/vite/studio-fonts.ts).
// font-display: optional means the text never re-flows: the font is used on first paint when it
// is at hand (cached, or quick), otherwise the fallback stays for that page view.
import { FONT_FILES, FONT_UNICODE_RANGE, WORDMARK_FONT } from 'virtual:studio-fonts';

export function fontFacesCss(): string {
  return (
    [
      [FONT_FILES.thin, 100],
      [FONT_FILES.regular, 400],
      [FONT_FILES.bold, 700],
    ] as const
  )
    .map(
      ([url, weight]) =>
        `@font-face{font-family:"Studio Sans";font-style:normal;font-weight:${weight};font-display:optional;` +
        `src:url(${url}) format("woff2");unicode-range:${FONT_UNICODE_RANGE};}`,
    )
    .join('') +
    // The wordmark's own face: inline, so it is there at the first paint (font-display: block
    // cannot hold anything up: there is nothing to download).
    `@font-face{font-family:"Studio Wordmark";font-style:normal;font-weight:700;font-display:block;src:url(${WORDMARK_FONT}) format("woff2");}`;
}
