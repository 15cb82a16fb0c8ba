import { defineConfig } from 'vitest/config';

// The repository's own scripts (starting the stack, the Node check) and the CMS's own code that
// runs without a Strapi (its middlewares and query rules), in Node.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['scripts/*.test.mjs', 'scripts/lib/**/*.test.mjs', 'scripts/bench/**/*.test.mjs', 'scripts/import/**/*.test.mjs', 'cms/tests/unit/**/*.test.ts'],
    environment: 'node',
    // A worker per core: Vitest's default leaves one core free (one worker on a two-core machine).
    maxWorkers: '100%',
  },
});
