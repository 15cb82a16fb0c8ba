declare module 'virtual:react-router/server-build' {
  import type { ServerBuild } from 'react-router';
  export const assets: ServerBuild['assets'];
  export const entry: ServerBuild['entry'];
  export const routes: ServerBuild['routes'];
}

declare module 'virtual:studio-fonts' {
  /**
   * The typeface's faces, three weights in four parts each, cut at build time
   * (scripts/vite/studio-fonts.ts): `url` with hinting, `phoneUrl` without.
   */
  export const FONT_FACES: ReadonlyArray<{ weight: number; url: string; phoneUrl: string; unicodeRange: string }>;
}
