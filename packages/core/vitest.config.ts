import { defineProject } from 'vitest/config';

export default defineProject({
  // Property tests run thousands of generated cases; on a busy 2-core CI machine that outlasts vitest's 5 s default.
  test: { name: 'core', include: ['src/**/*.test.ts'], testTimeout: 60_000 },
});
