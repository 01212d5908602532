import { defineConfig } from 'vitest/config';

/** Browser tests: a real server on a fresh data dir, driven through Debian's chromium. */
export default defineConfig({
  test: {
    name: 'browser',
    // Paths below are this package's, whichever directory the run starts from (the root script runs from the repository root).
    root: import.meta.dirname,
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // One server and one chromium at a time: a 2-core CI machine cannot run browsers side by side reliably.
    fileParallelism: false,
  },
});
