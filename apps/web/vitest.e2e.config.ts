import { defineConfig } from 'vitest/config';

/** Browser tests: a real server on a fresh data dir, driven through Debian's chromium. */
export default defineConfig({
  test: {
    name: 'browser',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
