// reelforge partitions on a real PostgreSQL: plan names what retire would do; retire archives a
// settled month, refuses one with an open round (exit 1, nothing changed); a bad month is a usage error.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/db.ts';
import { migrate } from '../../src/store/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { runCli } from './run.ts';

let database: TestDatabase;
let store: Store;
const cli = (...args: string[]) => runCli(args, { DATABASE_URL: database.url });

async function round(id: string, at: string, status: 'settled' | 'open'): Promise<void> {
  await store.pool.query(
    `insert into rounds (id, session_id, operator_id, player_id, game_symbol, currency, variant, wallet_mode,
        client_round_id, status, stage, kind, mode, coin, bet_level, stake, win, state_before, state_after,
        outcome, created_at, jurisdiction_code)
      values ($1, 'ses_cli', 'op_cli', 'p-1', 'rf_ember_crown', 'USD', 'default', 'callback', $1, $2, $3, 'base',
        'base', 10, 1, 10, 0, '{}', '{}', '{}', $4, 'default')`,
    [id, status, status === 'open' ? 'credit' : 'done', at],
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  store = openStore(database.url, { max: 2 });
  await migrate(store.pool);
  await store.pool.query(`select rf_partition_month(m) from unnest('{2024-05-01,2024-06-01}'::date[]) m`);
  await store.pool.query(
    `insert into operators (id, name, wallet_mode) values ('op_cli', 'CLI Casino', 'callback')`,
  );
  await store.pool.query(
    `insert into game_sessions (id, operator_id, player_id, game_symbol, currency, token_hash, device, expires_at)
      values ('ses_cli', 'op_cli', 'p-1', 'rf_ember_crown', 'USD', '\\x01', 'desktop', now())`,
  );
  await round('rnd_may', '2024-05-10T00:00:00Z', 'settled');
  await round('rnd_june', '2024-06-10T00:00:00Z', 'open');
});

afterAll(async () => {
  await store?.close();
  await database?.drop();
});

it('plans, archives the settled month, refuses the one with an open round', async () => {
  const plan = await cli('partitions', 'plan', '--before', '2024-07');
  expect(plan.code).toBe(0);
  expect(plan.stdout).toContain('2024-05: would be archived');
  expect(plan.stdout).toContain('2024-06: refused (1 open rounds, 0 unfinished transactions)');

  const retire = await cli('--json', 'partitions', 'retire', '--before', '2024-07');
  expect(retire.code).toBe(1);
  expect(retire.stderr).toContain('1 month(s) refused');
  const { outcomes } = JSON.parse(retire.stdout) as { outcomes: Array<{ month: string; result: string }> };
  expect(outcomes.map((o) => [o.month, o.result])).toEqual([
    ['2024-05', 'retired'],
    ['2024-06', 'refused'],
  ]);
  const { rows } = await store.pool.query(
    `select (select count(*)::int from archive.rounds_2024_05) as archived, (select count(*)::int from rounds) as live`,
  );
  expect(rows[0]).toEqual({ archived: 1, live: 1 });
});

it('refuses a month that is not YYYY-MM as a usage error', async () => {
  const bad = await cli('partitions', 'retire', '--before', '2024-7');
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('--before must be a month, YYYY-MM');
});
