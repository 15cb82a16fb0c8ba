import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['tests/**/*.test.ts'],
    // Unit tests of the CMS's own code run with the other unit tests (npm run test:unit).
    exclude: ['tests/unit/**'],
    globalSetup: ['tests/global-setup.ts'],
    // One real Strapi serves every file; files run one after another against it.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
