import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // See vite.config.ts: make every import of React resolve to the site's React 19.
    dedupe: ['react', 'react-dom', 'react-router'],
  },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./app/test/setup.ts'],
    restoreMocks: true,
    server: {
      // Inline Testing Library so its `react-dom` import goes through the dedupe above.
      deps: { inline: [/@testing-library\/react/] },
    },
  },
});
