// One PostgreSQL for the whole test run: TEST_DATABASE_URL when given (the production path,
// e.g. the machine's own server), otherwise the embedded one in a temporary folder.
// Each test file creates its own database on it (test/helpers/db.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/store/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('pgAdminUrl', external);
    return async () => {};
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-test-'));
  const server = await startEmbeddedPostgres(dir);
  project.provide('pgAdminUrl', server.url);
  return async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
