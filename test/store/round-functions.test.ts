// The round functions' one outcome convention (src/store/functions/): a refusal is an answer, and
// whatever the function wrote before it found the refusal is rolled back with it: a free round's
// claim on its grant, the session's state, the balance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/db.ts';
import { createTestStore } from '../helpers/db.ts';
import { roundJson } from '../helpers/round-json.ts';

let store: Store;
let drop: () => Promise<void>;
const TOKEN = Buffer.from('0102', 'hex');

const q = (text: string, values: unknown[] = []) => store.pool.query(text, values);

beforeAll(async () => {
  ({ store, drop } = await createTestStore());
  await q(`insert into operators (id, name, wallet_mode) values ('op_f', 'Function Casino', 'internal')`);
  await q(
    `insert into game_sessions (id, operator_id, player_id, game_symbol, currency, token_hash, device, expires_at)
     values ('ses_f', 'op_f', 'p-f', 'rf_copper_sevens', 'USD', $1, 'desktop', now() + interval '1 hour')`,
    [TOKEN],
  );
  await q(
    `insert into free_round_campaigns (id, operator_id, campaign_id, games, currency, rounds, coin, bet_level,
       valid_from, expires_at)
     values ('frc_f', 'op_f', 'camp-f', '{rf_copper_sevens}', 'USD', 2, 1, 1, now() - interval '1 hour',
       now() + interval '1 hour')`,
  );
  await q(
    `insert into free_round_grants (id, campaign_id, operator_id, player_id, rounds_total)
     values ('frg_f', 'frc_f', 'op_f', 'p-f', 2)`,
  );
});
afterAll(async () => {
  await drop();
});

function round(id: string, stake: bigint, win: bigint, grant: { new_round: boolean } | null = null) {
  return roundJson({
    id,
    session_id: 'ses_f',
    operator_id: 'op_f',
    player_id: 'p-f',
    stake,
    win,
    state_after: { freeSpinsLeft: 0 },
    free_round_grant_id: grant ? 'frg_f' : null,
    free_round: grant,
  });
}

async function play(json: object, stateVersion: bigint, startBalance = 0n) {
  const { rows } = await q(
    `select * from rf_play_internal_round($1::jsonb, $2, now(), $3, now() + interval '1 hour', $4, $5, 'spin', $6)`,
    [
      JSON.stringify(json),
      TOKEN,
      stateVersion.toString(),
      `dbt_${(json as { id: string }).id}`,
      `crd_${(json as { id: string }).id}`,
      startBalance.toString(),
    ],
  );
  return rows[0] as { result: string; round_id: string | null; balance: string | null };
}

const sessionRow = async () =>
  (await q(`select state_version, net_position, feature_grant_id from game_sessions where id = 'ses_f'`))
    .rows[0];
const grantRow = async () =>
  (await q(`select rounds_played, win, status from free_round_grants where id = 'frg_f'`)).rows[0];
const rounds = async () => (await q(`select count(*)::int as n from rounds`)).rows[0].n as number;

it('answers stale for a free round from an old state, and gives the grant back the round it claimed', async () => {
  const answer = await play(round('r1', 0n, 5n, { new_round: true }), 7n);
  expect(answer).toEqual({ result: 'stale', round_id: null, balance: null });
  expect(await grantRow()).toEqual({ rounds_played: 0, win: 0n, status: 'active' });
  expect(await rounds()).toBe(0);
});

it('answers insufficient_funds with the session and the balance as they were', async () => {
  const before = await sessionRow();
  const answer = await play(round('r2', 100n, 0n), 0n, 50n);
  expect(answer.result).toBe('insufficient_funds');
  expect(await sessionRow()).toEqual(before);
  expect((await q(`select count(*)::int as n from wallet_balances`)).rows[0].n).toBe(0);
  expect(await rounds()).toBe(0);
});

it("answers a grant's refusal by its reason, and a free round that goes ahead names its grant", async () => {
  expect((await play(round('r3', 0n, 5n, { new_round: true }), 0n)).result).toBe('played');
  expect((await play(round('r4', 0n, 0n, { new_round: true }), 1n)).result).toBe('played');
  expect(await grantRow()).toEqual({ rounds_played: 2, win: 5n, status: 'completed' });
  expect((await play(round('r5', 0n, 0n, { new_round: true }), 2n)).result).toBe('used_up');
  expect((await sessionRow())?.state_version).toBe(2n);
  const named = await q(`select id, free_round_grant_id from rounds order by id`);
  expect(named.rows).toEqual([
    { id: 'r3', free_round_grant_id: 'frg_f' },
    { id: 'r4', free_round_grant_id: 'frg_f' },
  ]);
});

it("opens no callback round of a used-up grant: the grant's reason, nothing written", async () => {
  const before = await sessionRow();
  const json = { ...round('r7', 0n, 0n, { new_round: true }), session_token_hash: TOKEN.toString('hex') };
  const first = {
    id: 'crd_r7',
    round_id: 'r7',
    operator_id: 'op_f',
    player_id: 'p-f',
    game_symbol: 'rf_copper_sevens',
    currency: 'USD',
    type: 'credit',
    action_type: 'free_round',
    amount: '0',
    body: '{}',
    due_in_ms: 0,
  };
  const { rows } = await q(
    `select rf_open_callback_round($1::jsonb, 2, now() + interval '1 hour', $2::jsonb, 1000) as result`,
    [JSON.stringify(json), JSON.stringify(first)],
  );
  expect(rows[0]?.result).toBe('used_up');
  expect(await sessionRow()).toEqual(before);
  expect(await rounds()).toBe(2);
});

it('answers revalidate for a replaced token, writing nothing', async () => {
  const before = await sessionRow();
  const { rows } = await q(
    `select * from rf_play_internal_round($1::jsonb, '\\x09'::bytea, now(), 2, now(), 'd', 'c', 'spin', 0)`,
    [JSON.stringify(round('r6', 1n, 0n))],
  );
  expect(rows[0]?.result).toBe('revalidate');
  expect(await sessionRow()).toEqual(before);
});

describe("a paid callback round moves the session's state at its opening", () => {
  const state = async () =>
    (await q(`select state, state_version::int as version from game_sessions where id = 'ses_f'`))
      .rows[0] as {
      state: unknown;
      version: number;
    };

  async function open(id: string): Promise<void> {
    const { state: current, version } = await state();
    const json = {
      ...round(id, 5n, 0n),
      state_before: current,
      state_after: { freeSpinsLeft: 8 },
      session_token_hash: TOKEN.toString('hex'),
    };
    const debit = {
      id: `dbt_${id}`,
      round_id: id,
      operator_id: 'op_f',
      player_id: 'p-f',
      game_symbol: 'rf_copper_sevens',
      currency: 'USD',
      type: 'debit',
      action_type: 'spin',
      amount: '5',
      body: '{}',
      due_in_ms: 1000,
    };
    const { rows } = await q(
      `select rf_open_callback_round($1::jsonb, $2, now() + interval '1 hour', $3::jsonb, 1000) as result`,
      [JSON.stringify(json), version, JSON.stringify(debit)],
    );
    expect(rows[0]?.result).toBe('opened');
    // Moved at once: the opening is the one flushed write, and an acknowledgement writes no session row.
    expect(await state()).toEqual({ state: { freeSpinsLeft: 8 }, version: version + 1 });
  }

  async function record(id: string, answer: string, next: object | null) {
    const { rows } = await q(`select rf_record_debit($1, null, $2, null, 'x', $3::jsonb, 1000) as result`, [
      `dbt_${id}`,
      answer,
      next ? JSON.stringify(next) : null,
    ]);
    return rows[0]?.result as string;
  }

  const follow = (id: string, type: string) => ({
    id: `${type}_${id}`,
    round_id: id,
    operator_id: 'op_f',
    player_id: 'p-f',
    game_symbol: 'rf_copper_sevens',
    currency: 'USD',
    type,
    action_type: type === 'rollback' ? 'rollback' : 'spin',
    amount: '0',
    original_transaction_id: type === 'rollback' ? `dbt_${id}` : null,
    body: '{}',
    due_in_ms: 0,
  });

  it('keeps it when the debit is acknowledged', async () => {
    await open('cb1');
    const moved = await state();
    expect(await record('cb1', 'acknowledged', follow('cb1', 'credit'))).toBe('credit');
    expect(await state()).toEqual(moved);
  });

  it.each([
    ['rejected', null, 'rejected'],
    ['failed', 'rollback', 'rollback'],
  ] as const)('puts it back under a new version when the debit is %s', async (answer, next, result) => {
    const id = `cb-${answer}`;
    await q(
      `update rounds set status = 'settled', stage = 'done' where session_id = 'ses_f' and status = 'open'`,
    );
    const before = await state();
    await open(id);
    expect(await record(id, answer, next ? follow(id, next) : null)).toBe(result);
    // The free spins this round would have given are gone; a copy cached at either version is stale.
    expect(await state()).toEqual({ state: before.state, version: before.version + 2 });
  });
});
