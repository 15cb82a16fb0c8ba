import { defineConfig } from 'vitest/config';

// Tests of the whole stack as processes (npm start's supervision; later several site instances),
// against the production builds. Two files at a time (8.5 → 5 min in CI): each starts servers of
// its own, on ports of its own (freePort), with a database, a bucket and a Redis prefix of its own;
// the front door alone uses fixed ports (80 and 443), and only it.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['scripts/stack-tests/**/*.test.mjs'],
    environment: 'node',
    maxWorkers: 2,
  },
});
