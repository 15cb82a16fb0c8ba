declare module 'virtual:react-router/server-build' {
  import type { ServerBuild } from 'react-router';
  export const assets: ServerBuild['assets'];
  export const entry: ServerBuild['entry'];
  export const routes: ServerBuild['routes'];
}

declare module 'virtual:studio-fonts' {
  /** The three weights of the site's typeface, subset at build time (scripts/vite/studio-fonts.ts). */
  export const FONT_FILES: { thin: string; regular: string; bold: string };
  export const FONT_UNICODE_RANGE: string;
  /** The wordmark's letters in the bold weight, as a data URL (a couple of KB). */
  export const WORDMARK_FONT: string;
}
