// reelforge operator move on a real PostgreSQL: two databases as the control cluster (`main`,
// DATABASE_URL) and cluster `b` (DATABASE_CLUSTERS). The move prints its steps and what it moved;
// a cluster that is not configured is a usage error naming --to; an unknown operator exits 1.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/db.ts';
import { migrate } from '../../src/store/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { runCli } from './run.ts';

let control: TestDatabase;
let other: TestDatabase;
let store: Store;
const cli = (...args: string[]) =>
  runCli(args, { DATABASE_URL: control.url, DATABASE_CLUSTERS: `b=${other.url}` });

beforeAll(async () => {
  [control, other] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  store = openStore(control.url, { max: 2 });
  await migrate(store.pool);
  await store.pool.query(
    `insert into operators (id, name, wallet_mode) values ('op_cli', 'CLI Casino', 'internal')`,
  );
  await store.pool.query(
    `insert into game_sessions (id, operator_id, player_id, game_symbol, currency, token_hash, device, expires_at)
      values ('ses_cli', 'op_cli', 'p_1', 'rf_copper_sevens', 'USD', '\\x01', 'desktop', now() + interval '1 hour')`,
  );
  await store.pool.query(
    `insert into rounds (id, session_id, operator_id, player_id, game_symbol, currency, variant, wallet_mode,
        client_round_id, status, stage, kind, mode, coin, bet_level, stake, win, state_before, state_after, outcome,
        finished_at, jurisdiction_code)
      values ('rnd_cli', 'ses_cli', 'op_cli', 'p_1', 'rf_copper_sevens', 'USD', 'default', 'internal', 'c1',
        'settled', 'done', 'base', 'base', 1, 1, 150, 40, '{}', '{}', '{}', now(), 'default')`,
  );
}, 120_000);

afterAll(async () => {
  await store?.close();
  await control?.drop();
  await other?.drop();
});

it('moves an operator to another cluster, printing each step, the rows and the money', async () => {
  const moved = await cli('operator', 'move', 'op_cli', '--to', 'b');
  expect(moved.stderr).toBe('');
  expect(moved.code).toBe(0);
  for (const step of [
    '[read_only]',
    '[drain] ended 1 live session',
    '[copy]',
    '[verify]',
    '[flip]',
    '[remove]',
  ])
    expect(moved.stdout).toContain(step);
  expect(moved.stdout).toContain('Moved operator op_cli from cluster main to cluster b.');
  expect(moved.stdout).toMatch(/round stakes\s+USD\s+150/);
  const { rows } = await store.pool.query(
    `select (select count(*)::int from rounds) as rounds, (select cluster_id from operator_clusters) as cluster,
        (select count(*)::int from audit_log where action = 'operator.move') as audited`,
  );
  expect(rows[0]).toEqual({ rounds: 0, cluster: 'b', audited: 1 });

  const again = await cli('--json', 'operator', 'move', 'op_cli', '--to', 'b');
  expect(again.code).toBe(0);
  expect(JSON.parse(again.stdout)).toMatchObject({ result: 'already_there', cluster: 'b' });
});

it('names the bad argument: a cluster not configured, an unknown operator, a bad drain timeout', async () => {
  const nowhere = await cli('operator', 'move', 'op_cli', '--to', 'mars');
  expect(nowhere.code).toBe(2);
  expect(nowhere.stderr).toContain('--to: cluster mars is not configured (known: main, b)');
  const nobody = await cli('operator', 'move', 'op_nobody', '--to', 'b');
  expect(nobody.code).toBe(1);
  expect(nobody.stderr).toContain('operator op_nobody does not exist');
  const timeout = await cli('operator', 'move', 'op_cli', '--to', 'main', '--drain-timeout', '2m');
  expect(timeout.code).toBe(2);
  expect(timeout.stderr).toContain('--drain-timeout must be whole seconds');
});
