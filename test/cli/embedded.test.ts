// The CLI on the embedded store (no DATABASE_URL): beside a running server it connects to that
// server's PostgreSQL (whose address the server records in DATA_DIR) and leaves it running;
// otherwise it starts, uses and stops its own PostgreSQL in DATA_DIR. Without DATA_DIR it says
// which store it opened, and warns when that store is new or has no operators.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedServer, startEmbeddedPostgres } from '../../src/store/embedded.ts';
import { ROOT, runCli } from './run.ts';

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

async function query(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

// Two CLI runs that each start PostgreSQL (one initialises a store): more than the default budget.
describe('embedded store', () => {
  it('works beside a running server: uses its PostgreSQL and leaves it running', async () => {
    expect(existsSync(path.join(dir, 'postgres.address'))).toBe(true);
    const created = await runCli(
      ['--json', 'operator', 'create', '--name', 'Beside', '--wallet-mode', 'internal'],
      { DATA_DIR: dir },
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toBe('');
    const { operator } = JSON.parse(created.stdout);
    // Written into the server's own database, which still answers.
    const rows = await query(running?.url as string, 'select name from operators where id = $1', [
      operator.id,
    ]);
    expect(rows).toEqual([{ name: 'Beside' }]);
    const listed = await runCli(['--json', 'operator', 'list'], { DATA_DIR: dir });
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).operators.map((o: { id: string }) => o.id)).toEqual([operator.id]);
  });

  it('without DATA_DIR, says which store it opened', async () => {
    const cwd = await mkdtemp(path.join(os.tmpdir(), 'reelforge-cli-cwd-'));
    try {
      await mkdir(path.join(cwd, 'data'));
      const own = await runCli(
        ['--json', 'operator', 'list'],
        {},
        ['sh', path.join(ROOT, 'bin/reelforge')],
        cwd,
      );
      expect(own.code, own.stderr).toBe(0);
      expect(JSON.parse(own.stdout)).toEqual({ operators: [] });
      const store = path.join(cwd, 'data');
      expect(own.stderr).toBe(
        `reelforge: DATA_DIR is unset: using the embedded store in ${store} (started for this command)\n` +
          `reelforge: warning: there was no store in ${store}: created a new, empty one. The server's store is in the DATA_DIR it runs with (./data where npm start ran); set DATA_DIR to it, or DATABASE_URL.\n`,
      );
      // The second time the store exists but is still empty: most likely not the server's.
      const again = await runCli(['operator', 'list'], { DATA_DIR: store });
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toBe(
        `reelforge: warning: the store in ${store} has no operators. If a server runs elsewhere, set DATA_DIR to its folder (or DATABASE_URL).\n`,
      );
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  }, 120_000);

  it('without DATA_DIR beside a server, says it uses that server’s store', async () => {
    // DATA_DIR defaults to ./data: run from a folder whose data/ belongs to a running server.
    const cwd = await mkdtemp(path.join(os.tmpdir(), 'reelforge-cli-cwd-'));
    const server = await startEmbeddedPostgres(path.join(cwd, 'data'));
    try {
      const result = await runCli(['operator', 'list'], {}, ['sh', path.join(ROOT, 'bin/reelforge')], cwd);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toBe(
        `reelforge: DATA_DIR is unset: using the embedded store in ${path.join(cwd, 'data')} (the PostgreSQL of the running Reelforge process ${process.pid})\n` +
          `reelforge: warning: the store in ${path.join(cwd, 'data')} has no operators. If a server runs elsewhere, set DATA_DIR to its folder (or DATABASE_URL).\n`,
      );
      expect(await query(server.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await server.stop();
      await rm(cwd, { recursive: true, force: true });
    }
  }, 120_000);

  it('uses the embedded store itself once the server is gone, and stops it again', async () => {
    await running?.stop();
    running = undefined;
    expect(existsSync(path.join(dir, 'postgres.address'))).toBe(false);
    const result = await runCli(['--json', 'operator', 'list'], { DATA_DIR: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).operators).toHaveLength(1);
    expect(existsSync(path.join(dir, 'postgres', 'postmaster.pid'))).toBe(false);
  });
});
