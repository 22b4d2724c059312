// The CLI on the embedded store (no DATABASE_URL): it refuses a store a live process owns,
// and otherwise starts, uses and stops its own PostgreSQL in DATA_DIR.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedServer, startEmbeddedPostgres } from '../../src/store/embedded.ts';
import { runCli } from './run.ts';

let dir: string;
let running: EmbeddedServer | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-cli-embedded-'));
  // Stands in for a running server: this process owns the embedded PostgreSQL of DATA_DIR.
  running = await startEmbeddedPostgres(dir);
});
afterAll(async () => {
  await running?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('embedded store', () => {
  it('refuses a store a running server owns, and leaves that server alone', async () => {
    const result = await runCli(['operator', 'list'], { DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `reelforge: the embedded store in ${dir} is in use by another Reelforge process (pid ${process.pid}): stop the server or set DATABASE_URL\n`,
    );
    const client = new pg.Client({ connectionString: running?.url });
    await client.connect();
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await client.end();
  });

  it('uses the embedded store itself once the server is gone, and stops it again', async () => {
    await running?.stop();
    running = undefined;
    const result = await runCli(['--json', 'operator', 'list'], { DATA_DIR: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ operators: [] });
    expect(existsSync(path.join(dir, 'postgres', 'postmaster.pid'))).toBe(false);
  });
});
