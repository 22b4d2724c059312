import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'client/src/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    globalSetup: ['test/setup/postgres.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time on a 2-core machine: most of a file's time is spent waiting on PostgreSQL,
    // a child process or a timer, so the suite took 5.5 minutes instead of vitest's default one
    // worker's 12 to 22 (2026-11-27).
    fileParallelism: true,
    maxWorkers: 2,
  },
});
