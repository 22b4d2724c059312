// End-to-end suite: a real server and Debian's Chromium driven by playwright-core (npm run test:e2e).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    globalSetup: ['test/setup/postgres.ts', 'test/e2e/setup/chromium.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
