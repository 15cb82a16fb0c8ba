// One typeface (Raleway, SIL Open Font License, from @fontsource) in the spec's three weights,
// self-hosted. font-display: optional means the text never re-flows: the font is used on first
// paint when it is at hand (cached, or quick), otherwise the fallback stays for that page view.
import thin from '@fontsource/raleway/files/raleway-latin-100-normal.woff2?url';
import regular from '@fontsource/raleway/files/raleway-latin-400-normal.woff2?url';
import bold from '@fontsource/raleway/files/raleway-latin-700-normal.woff2?url';


export function fontFacesCss(): string {
  return [
    [thin, 100],
    [regular, 400],
    [bold, 700],
  ]
    .map(
      ([url, weight]) =>
        `@font-face{font-family:"Studio Sans";font-style:normal;font-weight:${weight};font-display:optional;` +
        `src:url(${url}) format("woff2");unicode-range:U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD;}`,
    )
    .join('');
}
