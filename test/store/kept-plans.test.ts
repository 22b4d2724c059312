// A spin's statements inside the round functions are planned once per connection (PL/pgSQL keeps its
// plans, generic ones once PostgreSQL finds them no worse), and a connection lives for hours: a
// plan made while a month's partition was young is still used when it holds millions of rounds.
// A debit's record that joined the round to its transaction was planned, on a young month, as a read
// of every round of the month (900 pages a debit in the benchmark, a third of a callback round's
// database time). So each step of both rounds runs here on a connection whose plans are all generic
// and were made on an almost empty database, then again after the month has filled: it must not
// read a month's rows one by one (a sequential scan) on any table a spin touches.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/db.ts';
import { createTestStore } from '../helpers/db.ts';
import { roundJson } from '../helpers/round-json.ts';

const TOKEN = Buffer.from('0a0b', 'hex');
const FILL = 3000;

let store: Store;
let drop: () => Promise<void>;
let client: pg.PoolClient;

beforeAll(async () => {
  ({ store, drop } = await createTestStore());
  await store.pool.query(
    `insert into operators (id, name, wallet_mode) values ('op_k', 'Kept Casino', 'callback')`,
  );
  await store.pool.query(
    `insert into game_sessions (id, operator_id, player_id, game_symbol, currency, token_hash, device, expires_at)
     values ('ses_k', 'op_k', 'p-k', 'rf_copper_sevens', 'USD', $1, 'desktop', now() + interval '1 hour'),
            ('ses_i', 'op_k', 'p-i', 'rf_copper_sevens', 'USD', $2, 'desktop', now() + interval '1 hour')`,
    [TOKEN, Buffer.from('0c0d', 'hex')],
  );
  client = await store.pool.connect();
  await client.query('set plan_cache_mode = force_generic_plan');
});
afterAll(async () => {
  client?.release();
  await drop?.();
});

const version = async (session: string) =>
  BigInt(
    (await client.query('select state_version from game_sessions where id = $1', [session])).rows[0]
      .state_version,
  );

const transaction = (id: string, type: string, amount: string) => ({
  id: `${type}_${id}`,
  round_id: id,
  operator_id: 'op_k',
  player_id: 'p-k',
  game_symbol: 'rf_copper_sevens',
  currency: 'USD',
  type,
  action_type: 'spin',
  amount,
  body: '{}',
  due_in_ms: 1000,
});

/** A paid callback round, every step on the one connection: opened, debit acknowledged, credit delivered. */
async function callbackRound(id: string): Promise<void> {
  const round = {
    ...roundJson({ id, session_id: 'ses_k', operator_id: 'op_k', player_id: 'p-k', stake: 5n, win: 2n }),
    wallet_mode: 'callback',
    session_token_hash: TOKEN.toString('hex'),
  };
  const opened = await client.query(
    `select rf_open_callback_round($1::jsonb, $2, now() + interval '1 hour', $3::jsonb, 1000) as result`,
    [
      JSON.stringify(round),
      (await version('ses_k')).toString(),
      JSON.stringify(transaction(id, 'debit', '5')),
    ],
  );
  expect(opened.rows[0].result).toBe('opened');
  const debited = await client.query(
    `select rf_record_debit($1, null, 'acknowledged', 100, null, $2::jsonb, 1000) as result`,
    [`debit_${id}`, JSON.stringify(transaction(id, 'credit', '2'))],
  );
  expect(debited.rows[0].result).toBe('credit');
  const attempt = {
    transaction_id: `credit_${id}`,
    request_id: `req_${id}`,
    started_at: new Date().toISOString(),
    latency_ms: 1,
    http_status: 200,
    result: 'acknowledged',
    error: null,
    response_body: null,
  };
  const delivered = await client.query(`select result from rf_callback_steps('delivery', $1::jsonb)`, [
    JSON.stringify([
      { tx_id: `credit_${id}`, attempt, acknowledged: true, balance: '97', error: null, retry_in_ms: 1000 },
    ]),
  ]);
  expect(delivered.rows[0].result).toBe('settled');
}

async function internalRound(id: string): Promise<void> {
  const round = roundJson({
    id,
    session_id: 'ses_i',
    operator_id: 'op_k',
    player_id: 'p-i',
    stake: 5n,
    win: 2n,
  });
  const played = await client.query(
    `select result from rf_play_internal_round($1::jsonb, $2, now(), $3, now() + interval '1 hour', $4, $5, 'spin', 1000)`,
    [
      JSON.stringify(round),
      Buffer.from('0c0d', 'hex'),
      (await version('ses_i')).toString(),
      `dbt_${id}`,
      `crd_${id}`,
    ],
  );
  expect(played.rows[0].result).toBe('played');
}

/** Rows read one by one from the tables a spin touches, by this connection's open transaction. */
async function sequentialReads(): Promise<Record<string, number>> {
  const { rows } = await client.query<{ relname: string; read: string }>(
    `select relname, seq_tup_read::text as read from pg_stat_xact_user_tables
      where relname ~ '^(rounds|wallet_transactions|wallet_attempts|wallet_balances|game_sessions)' and seq_tup_read > 0`,
  );
  return Object.fromEntries(rows.map((row) => [row.relname, Number(row.read)]));
}

describe('plans kept from a young month', () => {
  it('are what the callback steps run: generic, never planned again at each call', async () => {
    // A statement naming a round by id and created_at otherwise gets a plan of its own at every call
    // (one month's plan always looks cheaper than every month's), a fifth of a callback round's time.
    const { rows } = await client.query<{ config: string[] }>(
      `select proconfig as config from pg_proc where proname = 'rf_callback_steps'`,
    );
    expect(rows[0]?.config).toContain('plan_cache_mode=force_generic_plan');
  });

  it('read no month row by row after the month has filled', async () => {
    // The plans are made now, on a database of two sessions and no rounds.
    await callbackRound('rnd_k0');
    await internalRound('rnd_i0');
    // The month fills (no ANALYZE: a kept plan is not made again for rows alone).
    await store.pool.query(
      `insert into rounds (id, session_id, operator_id, player_id, game_symbol, currency, variant, wallet_mode,
         client_round_id, status, stage, kind, mode, coin, bet_level, stake, win, state_before, state_after,
         outcome, created_at, finished_at, certificate_hash, jurisdiction_code, jurisdiction_version)
       select 'rnd_fill_' || g, r.session_id, r.operator_id, r.player_id, r.game_symbol, r.currency, r.variant,
         r.wallet_mode, 'fill-' || g, r.status, r.stage, r.kind, r.mode, r.coin, r.bet_level, r.stake, r.win,
         r.state_before, r.state_after, r.outcome, r.created_at, r.finished_at, r.certificate_hash,
         r.jurisdiction_code, r.jurisdiction_version
       from rounds r, generate_series(1, $1) g where r.id = 'rnd_k0'`,
      [FILL],
    );
    await store.pool.query(
      `insert into wallet_transactions (id, round_id, round_created_at, operator_id, player_id, game_symbol,
         currency, wallet_mode, type, action_type, amount, status, balance_after, finished_at)
       select t.type || '_fill_' || g, 'rnd_fill_' || g, t.round_created_at, t.operator_id, t.player_id,
         t.game_symbol, t.currency, t.wallet_mode, t.type, t.action_type, t.amount, t.status, t.balance_after,
         t.finished_at
       from wallet_transactions t, generate_series(1, $1) g where t.round_id = 'rnd_k0'`,
      [FILL],
    );
    await client.query('begin');
    try {
      await callbackRound('rnd_k1');
      await internalRound('rnd_i1');
      expect(await sequentialReads()).toEqual({});
    } finally {
      await client.query('rollback');
    }
  });
});
