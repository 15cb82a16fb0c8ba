import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The CMS workspace hoists React 18 (Strapi's admin) to the repository root; the site is React 19.
// Point every import of React, wherever it comes from, at the site's own copy.
const require = createRequire(import.meta.url);
const own = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^react-dom(\/.*)?$/, replacement: `${own('react-dom')}$1` },
      { find: /^react(\/.*)?$/, replacement: `${own('react')}$1` },
      // Its ESM build, so the imports inside it are resolved by the aliases above.
      { find: /^@testing-library\/react$/, replacement: `${own('@testing-library/react')}/dist/@testing-library/react.esm.js` },
    ],
  },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./app/test/setup.ts'],
    restoreMocks: true,
    server: {
      // Inline Testing Library so its React imports go through the alias above.
      deps: { inline: [/@testing-library\/react/] },
    },
  },
});
