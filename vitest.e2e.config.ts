// End-to-end suite: a real server and Debian's Chromium driven by playwright-core (npm run test:e2e).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    globalSetup: ['test/setup/postgres.ts', 'test/e2e/setup/chromium.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Two files at a time: a file spends most of its time waiting on the browser's animations (the
    // serial suite used 9 of its 22 minutes' CPU on two cores); two at once ran it in 13 minutes on
    // the same machine under the same load, every test passing. Three at once lost a test to a
    // time-out under heavy load.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
