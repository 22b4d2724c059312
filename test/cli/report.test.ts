// reelforge report summary on a real PostgreSQL: the same rows as the Admin API's service, as a
// table, JSON or CSV; bad dates are usage errors naming the option.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReportRange } from '../../src/domain/reports.ts';
import { createStaffServices } from '../../src/services/index.ts';
import { openStore, type Store } from '../../src/store/db.ts';
import { migrate } from '../../src/store/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { runCli } from './run.ts';

let database: TestDatabase;
let store: Store;
let operatorId: string;
const cli = (...args: string[]) => runCli(args, { DATABASE_URL: database.url });

/** One round with its transactions, written straight into the ledger at a set time. */
async function round(id: string, at: string, stake: number, win: number, debitStatus = 'acknowledged') {
  const status = debitStatus === 'acknowledged' ? 'settled' : 'cancelled';
  await store.pool.query(
    `insert into rounds (id, session_id, operator_id, player_id, game_symbol, currency, variant, wallet_mode,
        client_round_id, status, stage, kind, mode, coin, bet_level, stake, win, state_before, state_after,
        outcome, created_at, finished_at)
      values ($1, 'ses_cli', $2, 'p-1', 'rf_ember_crown', 'USD', 'default', 'callback', $1, $3, 'done', 'base',
        'base', 10, 1, $4, $5, '{}', '{}', '{}', $6, $6)`,
    [id, operatorId, status, stake, win, at],
  );
  const tx = `insert into wallet_transactions (id, round_id, round_created_at, operator_id, player_id, game_symbol,
      currency, wallet_mode, type, action_type, amount, status, created_at, finished_at)
    values ($1, $2, $7, $3, 'p-1', 'rf_ember_crown', 'USD', 'callback', $4, 'bet', $5, $6, $7, $7)`;
  await store.pool.query(tx, [`${id}-d`, id, operatorId, 'debit', stake, debitStatus, at]);
  if (status === 'settled')
    await store.pool.query(tx, [`${id}-c`, id, operatorId, 'credit', win, 'acknowledged', at]);
}

beforeAll(async () => {
  database = await createTestDatabase();
  store = openStore(database.url, { max: 4 });
  await migrate(store.pool);
  // The rounds below are in the past: their month is made as the upgrade made every month it found.
  await store.pool.query(`select rf_partition_month('2024-05-01')`);
  const created = await (
    await createStaffServices(store, { kind: 'cli', user: 'test' })
  ).operators.createOperator({
    name: 'Report Casino',
    wallet_mode: 'internal',
  });
  if (!created.ok) throw created.error;
  operatorId = created.value.operator.id;
  await store.pool.query(
    `insert into game_sessions (id, operator_id, player_id, game_symbol, currency, token_hash, device, expires_at)
      values ('ses_cli', $1, 'p-1', 'rf_ember_crown', 'USD', '\\x01', 'desktop', now())`,
    [operatorId],
  );
  await round('rd_a', '2024-05-01T10:00:00Z', 100, 250);
  await round('rd_b', '2024-05-01T23:59:59.999Z', 100, 0);
  await round('rd_c', '2024-05-02T00:00:00Z', 300, 0, 'rejected');
  // A day whose credit is still being retried is over but not final.
  await round('rd_d', '2024-05-03T08:00:00Z', 100, 40);
  await store.pool.query(
    `update wallet_transactions set status = 'pending', finished_at = null where id = 'rd_d-c'`,
  );
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
});

describe('reelforge report summary', { timeout: 60_000 }, () => {
  it('prints the staff summary as JSON, CSV and a table', async () => {
    const range = parseReportRange('2024-05-01', '2024-05-03');
    const expected = await (
      await createStaffServices(store, { kind: 'cli', user: 'test' })
    ).reports.staffSummary(operatorId, range.from, range.to);
    if (!expected.ok) throw expected.error;
    expect(expected.value).toEqual([
      expect.objectContaining({
        date: '2024-05-01',
        rounds: 2,
        stakes: '2.00',
        wins: '2.50',
        ggr: '-0.50',
        rtp: '1.250000',
        final: true,
      }),
      expect.objectContaining({ date: '2024-05-02', rounds: 0, stakes: '0.00', rtp: null, final: true }),
      expect.objectContaining({ date: '2024-05-03', rounds: 1, stakes: '1.00', wins: '0.00', final: false }),
    ]);

    const json = await cli(
      '--json',
      'report',
      'summary',
      '--operator',
      operatorId,
      '--from',
      '2024-05-01',
      '--to',
      '2024-05-03',
    );
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ from: '2024-05-01', to: '2024-05-03', days: expected.value });

    const csv = await cli('report', 'summary', '--from', '2024-05-01', '--to', '2024-05-03', '--csv');
    expect(csv.code, csv.stderr).toBe(0);
    expect(parse(csv.stdout, { columns: true })).toEqual(
      expected.value.map((row) =>
        Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? '' : String(v)])),
      ),
    );

    const text = await cli(
      'report',
      'summary',
      '--operator',
      operatorId,
      '--from',
      '2024-05-01',
      '--to',
      '2024-05-01',
    );
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^DATE +OPERATOR +GAME/);
    expect(text.stdout).toMatch(
      /2024-05-01 +op_\S+ +rf_ember_crown +USD +2 +2\.00 +2\.50 +0\.00 +-0\.50 +1\.250000 +yes/,
    );
  });

  it('refuses bad dates and unknown operators', async () => {
    const bad = await cli('report', 'summary', '--from', '2024-02-30', '--to', '2024-03-01');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--from must be a calendar date/);
    const unknown = await cli(
      'report',
      'summary',
      '--operator',
      'op_nobody',
      '--from',
      '2024-05-01',
      '--to',
      '2024-05-01',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/operator_id op_nobody: no such operator/);
  });
});
