import { defineConfig } from 'vitest/config';

// Tests of the whole stack as processes (npm start's supervision; later several site instances),
// against the production builds. One file at a time: each starts servers of its own.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['scripts/stack-tests/**/*.test.mjs'],
    environment: 'node',
    fileParallelism: false,
  },
});
