import { defineConfig } from 'vitest/config';

// The repository's own scripts (starting the stack, the Node check), in Node.
export default defineConfig({
  test: { root: new URL('..', import.meta.url).pathname, include: ['scripts/*.test.mjs', 'scripts/lib/**/*.test.mjs'], environment: 'node' },
});
