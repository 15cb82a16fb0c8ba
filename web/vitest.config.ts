import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The CMS workspace hoists React 18 (Strapi's admin) to the repository root; the site is React 19.
// Point every import of React, wherever it comes from, at the site's own copy.
const require = createRequire(import.meta.url);
const own = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

export default defineConfig({
  resolve: {
    alias: [
      // `~/…` is the app's folder, as in tsconfig.json and vite.config.ts.
      { find: /^~\//, replacement: `${path.join(path.dirname(fileURLToPath(import.meta.url)), 'app')}/` },
      { find: /^react-dom(\/.*)?$/, replacement: `${own('react-dom')}$1` },
      { find: /^react(\/.*)?$/, replacement: `${own('react')}$1` },
      // Its ESM build, so the imports inside it are resolved by the aliases above.
      { find: /^@testing-library\/react$/, replacement: `${own('@testing-library/react')}/dist/@testing-library/react.esm.js` },
    ],
  },
  test: {
    restoreMocks: true,
    // A worker per core: Vitest's default leaves one core free (one worker on a two-core machine,
    // where the whole run took 58–64 s instead of 43–45).
    maxWorkers: '100%',
    server: {
      // Inline Testing Library so its React imports go through the alias above.
      deps: { inline: [/@testing-library\/react/] },
    },
    projects: [
      {
        extends: true,
        // The site's code in a browser-like DOM; the CMS is mocked with MSW.
        test: {
          name: 'app',
          include: ['app/**/*.test.{ts,tsx}'],
          exclude: ['app/**/*.server.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./app/test/setup.ts'],
          // One jsdom per worker, not per file: starting it was 70% of this project's time (35 s →
          // 3 s). setup.ts empties the document after each test; the tests pass in shuffled order.
          isolate: false,
        },
      },
      {
        extends: true,
        // Server-only modules of the app (content client, loaders' helpers) run where they run: Node.
        test: { name: 'app-server', include: ['app/**/*.server.test.ts'], environment: 'node', setupFiles: ['./app/test/setup-server.ts'] },
      },
      {
        extends: true,
        // The production server's code in Node, talking to real loopback peers (a fake MyMemory).
        test: { name: 'server', include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
