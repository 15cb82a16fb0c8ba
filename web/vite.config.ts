import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { studioFonts } from './scripts/vite/studio-fonts.ts';

/**
 * Strapi's admin (cms/) brings react-router-dom 6 into the root node_modules. React Router's plugin
 * finds it and pre-bundles it for the dev server against React Router 7, which fails. The site
 * never imports react-router-dom, so it is left out of dependency pre-bundling.
 */
const withoutReactRouterDom = (): Plugin => ({
  name: 'studio:without-react-router-dom',
  enforce: 'post',
  configResolved(config) {
    const drop = (list: string[] | undefined) => list?.filter((name) => name !== 'react-router-dom');
    config.optimizeDeps.include = drop(config.optimizeDeps.include);
    for (const environment of Object.values(config.environments ?? {})) {
      environment.optimizeDeps.include = drop(environment.optimizeDeps.include);
    }
  },
});

/**
 * V8 reads the compile hint (the `postBanner` below) only as a script's first line. A chunk that
 * starts a lazily loaded one (`import()`, the media viewer) gets Vite's `__vite__mapDeps` put before
 * it after the banner was written: the hint goes back to the top, once the chunk is final.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const compileHintFirst = (): Plugin => ({
  name: 'studio:compile-hint-first',
  apply: 'build',
  enforce: 'post',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk.code.startsWith(`${COMPILE_HINT}\n`) || !chunk.code.includes(`\n${COMPILE_HINT}\n`)) continue;
        chunk.code = `${COMPILE_HINT}\n${chunk.code.replace(`\n${COMPILE_HINT}\n`, '\n')}`;
      }
    },
  },
});

export default defineConfig({
  plugins: [reactRouter(), withoutReactRouterDom(), studioFonts(), compileHintFirst()],
  environments: {
    // Fewer, larger browser chunks: a page needs the framework (vendor), the site's shared code (app)
    // and its own route modules, so the first screen waits on a handful of requests, not twenty.
    client: {
      build: {
        rolldownOptions: {
          output: {
            // V8's explicit compile hint (Chrome 136 on), added after minification (which drops
            // comments): every function of the site's scripts is compiled as the script streams
            // in, off the main thread, not at its first call. A move spent some 45 ms of the 4×
            // CPU compiling (issue 41, decision 022).
            postBanner: COMPILE_HINT,
            advancedChunks: {
              groups: [
                { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 2 },
                // The pieces only some pages show (the media viewer, pager, article blocks) stay out
                // of it, and so do their styles: they come with the routes that use them.
                { name: 'app', test: /[\\/]app[\\/](components|lib|styles|features[\\/](shell|translation))[\\/](?!(?:[\w-]+[\\/])?(?:media-viewer|media-item|video-controls|pager|blocks|empty-state))/, priority: 1 },
              ],
            },
          },
        },
      },
    },
    // The server's own modules are bundled with the app (server/entry.ts), as in React Router's
    // node-custom-server template: one module graph for pages, cache and webhook.
    ssr: { build: { rolldownOptions: { input: './server/entry.ts' } } },
  },
  resolve: {
    // `~/…` is the app's folder (tsconfig.json `paths`, React Router's convention): imports across
    // folders name what they import, not how far up it is.
    alias: [{ find: /^~\//, replacement: `${fileURLToPath(new URL('./app/', import.meta.url))}` }],
    // The CMS workspace hoists React 18 (Strapi's admin) to the repository root; the site is React 19.
    dedupe: ['react', 'react-dom'],
  },
  build: {
    assetsInlineLimit: 0,
    // A stylesheet per chunk: the server inlines only those of the routes a page renders (decision
    // 022), so a document carries the rules it can use, not the whole site's.
    cssCodeSplit: true,
  },
});
