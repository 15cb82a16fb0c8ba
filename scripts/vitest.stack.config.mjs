import { defineConfig } from 'vitest/config';
import { BaseSequencer } from 'vitest/node';

/**
 * The files longest first (their times in a fresh-clone run on the two-core guest of 2026-12-02,
 * in seconds): two workers then end within a short file of each other. Vitest's own order, without
 * a cache of earlier runs (a fresh clone has none), is the larger file first, which left the backup
 * (the longest by far) to start fifth and run alone at the end. A file not named here goes first.
 */
const LONGEST_FIRST = ['backup' /* 160 */, 'front-door' /* 70–104 */, 'cms-instances' /* 89 */, 'instances' /* 68 */, 'supervision' /* 61 */, 'import' /* 56 */, 'admin-cli' /* 40 */];

class LongestFirst extends BaseSequencer {
  async sort(files) {
    const rank = (spec) => LONGEST_FIRST.findIndex((name) => spec.moduleId.endsWith(`/${name}.test.mjs`));
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}

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
    sequence: { sequencer: LongestFirst },
  },
});
