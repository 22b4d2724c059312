// `reelforge operator move` on a real PostgreSQL (issue 30, part 3): two databases of the run's
// server serve as two clusters, `main` (the control cluster) and `b`. An operator with internal
// rounds played by the ledger function, callback rounds with their wallet rows and attempts, a
// free-rounds grant, demo play, an operator campaign's prize, rounds in two months, moves to `b`
// and back; another operator stays. No outcome is drawn: every round's stake and win is written.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveOperator, type OperatorMoveDeps } from '../../src/services/operator-move.ts';
import type { MoveStep } from '../../src/services/operator-move-rules.ts';
import { clustersRepo } from '../../src/store/clusters.repo.ts';
import type { Store } from '../../src/store/db.ts';
import {
  type Census,
  census,
  claimMove,
  copyOperator,
  endLiveSessions,
  holdOperator,
  operatorRow,
  placeNewOperator,
  removeOperator,
} from '../../src/store/operator-move.repo.ts';
import { createMonths } from '../../src/store/partitions.repo.ts';
import { createTestStore } from '../helpers/db.ts';

const MOVED = 'op_move';
const STAYS = 'op_stay';
const OCTOBER = '2026-10-14T10:00:00Z';
const NOVEMBER = '2026-11-20T10:00:00Z';

let a: { store: Store; drop(): Promise<void> };
let b: { store: Store; drop(): Promise<void> };
let stores: Map<string, Store>;
const steps: MoveStep[] = [];

const q = async <R extends pg.QueryResultRow>(store: Store, text: string, values: unknown[] = []) =>
  (await store.pool.query<R>(text, values)).rows;

/** A move with a clock that only sleeps move forward: no test waits on the wall clock. */
function deps(extra: Partial<OperatorMoveDeps> = {}): OperatorMoveDeps {
  let clock = Date.parse('2026-11-27T12:00:00Z');
  return {
    stores,
    control: 'main',
    log: (step) => steps.push(step),
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
    ...extra,
  };
}

async function placementOf(operatorId: string) {
  const row = (await clustersRepo(a.store.db).all()).find((r) => r.operatorId === operatorId);
  return row ? { cluster: row.cluster, readOnly: row.readOnly } : { cluster: 'main', readOnly: false };
}

/** Sessions live now, launched before every round below (the click look-up reads from the launch on). */
async function session(store: Store, operator: string, id: string, player: string, mode = 'real') {
  await q(
    store,
    `insert into game_sessions (id, operator_id, player_id, game_symbol, currency, token_hash, device, expires_at,
        refreshed_at, play_mode)
      values ($1, $2, $3, 'rf_copper_sevens', $4, decode(md5($1), 'hex'), 'desktop', now() + interval '1 day',
        '2026-09-01', $5)`,
    [id, operator, player, operator === MOVED ? 'EUR' : 'USD', mode],
  );
}

/** One internal round through rf_play_internal_round, as the spin path plays it. */
async function playInternal(
  store: Store,
  operator: string,
  sessionId: string,
  player: string,
  id: string,
  at: string,
  stake: number,
  win: number,
) {
  const currency = operator === MOVED ? 'EUR' : 'USD';
  const [{ state_version }] = (await q<{ state_version: string }>(
    store,
    'select state_version::text from game_sessions where id = $1',
    [sessionId],
  )) as [{ state_version: string }];
  const round = {
    id,
    session_id: sessionId,
    operator_id: operator,
    player_id: player,
    game_symbol: 'rf_copper_sevens',
    currency,
    variant: 'default',
    client_round_id: `click_${id}`,
    kind: 'base',
    mode: 'base',
    coin: '1',
    bet_level: 1,
    stake: String(stake),
    win: String(win),
    state_before: {},
    state_after: {},
    outcome: {},
    created_at: at,
  };
  const [row] = await q<{ result: string }>(
    store,
    `select result from rf_play_internal_round($1::jsonb, decode(md5($2), 'hex'), now(), $3, now() + interval '1 day',
        $4, $5, 'spin', 100000)`,
    [JSON.stringify(round), sessionId, state_version, `${id}_d`, `${id}_c`],
  );
  expect(row?.result).toBe('played');
}

/** A callback round as the settlement steps leave it: settled, debit and credit acknowledged, an attempt each. */
async function callbackRound(
  store: Store,
  id: string,
  at: string,
  stake: number,
  win: number,
  grant: string | null = null,
) {
  await q(
    store,
    `insert into rounds (id, session_id, operator_id, player_id, game_symbol, currency, variant, wallet_mode,
        client_round_id, status, stage, kind, mode, coin, bet_level, stake, win, state_before, state_after, outcome,
        created_at, finished_at, jurisdiction_code, free_round_grant_id)
      values ($1, 'ses_cb', $2, 'p_cb', 'rf_copper_sevens', 'EUR', 'default', 'callback', 'click_' || $1, 'settled',
        'done', 'base', 'base', 1, 1, $3, $4, '{}', '{}', '{}', $5, $5, 'default', $6)`,
    [id, MOVED, stake, win, at, grant],
  );
  for (const [type, amount] of [
    ['debit', stake],
    ['credit', win],
  ] as const) {
    await q(
      store,
      `insert into wallet_transactions (id, round_id, round_created_at, operator_id, player_id, game_symbol, currency,
          wallet_mode, type, action_type, amount, status, created_at, finished_at, balance_after)
        values ($1 || '_' || $2, $1, $3, $4, 'p_cb', 'rf_copper_sevens', 'EUR', 'callback', $2, 'spin', $5,
          'acknowledged', $3, $3, 5000)`,
      [id, type, at, MOVED, amount],
    );
    await q(
      store,
      `insert into wallet_attempts (transaction_id, round_created_at, request_id, started_at, latency_ms, http_status,
          result, error)
        values ($1 || '_' || $2, $3, 'req_' || $1 || '_' || $2, $3, 40, 500, 'failed', 'HTTP 500')`,
      [id, type, at],
    );
  }
}

async function seed(): Promise<void> {
  const store = a.store;
  // Older months than a fresh database makes (its current one and three ahead): `b` lacks October.
  await createMonths(store.pool, ['2026-10', '2026-11']);
  for (const [id, mode] of [
    [MOVED, 'internal'],
    [STAYS, 'internal'],
  ])
    await q(store, `insert into operators (id, name, wallet_mode, currency) values ($1, $1, $2, $3)`, [
      id,
      mode,
      id === MOVED ? 'EUR' : 'USD',
    ]);
  // Internal play over two months, for two players of each operator.
  await session(store, MOVED, 'ses_m1', 'p_1');
  await session(store, MOVED, 'ses_m2', 'p_2');
  await session(store, STAYS, 'ses_s1', 'p_1');
  let n = 0;
  for (const at of [OCTOBER, NOVEMBER]) {
    for (let i = 0; i < 4; i++) {
      n += 1;
      await playInternal(store, MOVED, 'ses_m1', 'p_1', `rnd_m1_${n}`, at, 100, (n * 37) % 250);
      await playInternal(store, MOVED, 'ses_m2', 'p_2', `rnd_m2_${n}`, at, 250, (n * 91) % 600);
      await playInternal(store, STAYS, 'ses_s1', 'p_1', `rnd_s1_${n}`, at, 100, n * 10);
    }
  }
  // Callback play (the operator's rows need not all share one wallet mode: a mode changes over time).
  await session(store, MOVED, 'ses_cb', 'p_cb');
  await callbackRound(store, 'rnd_cb_oct', OCTOBER, 200, 0);
  await callbackRound(store, 'rnd_cb_nov', NOVEMBER, 200, 1234);
  // A free-rounds grant, one of its rounds played.
  await q(
    store,
    `insert into free_round_campaigns (id, operator_id, campaign_id, games, currency, rounds, coin, bet_level,
        valid_from, expires_at, max_win)
      values ('frc_1', $1, 'welcome', '{rf_copper_sevens}', 'EUR', 10, 1, 1, '2026-10-01', '2027-01-01', 100000)`,
    [MOVED],
  );
  await q(
    store,
    `insert into free_round_grants (id, campaign_id, operator_id, player_id, rounds_total, rounds_played, win)
      values ('frg_1', 'frc_1', $1, 'p_cb', 10, 1, 80)`,
    [MOVED],
  );
  await callbackRound(store, 'rnd_cb_free', NOVEMBER, 0, 80, 'frg_1');
  // Demo play (its insert trigger moves the session's net position: the copy must not do it twice).
  await session(store, MOVED, 'ses_demo', 'p_demo', 'demo');
  await q(store, `insert into demo_balances (session_id, balance) values ('ses_demo', 99000)`);
  await q(
    store,
    `insert into demo_rounds (id, session_id, operator_id, player_id, game_symbol, currency, variant,
        client_round_id, kind, mode, coin, bet_level, stake, win, state_before, state_after, outcome)
      values ('drn_1', 'ses_demo', $1, 'p_demo', 'rf_copper_sevens', 'EUR', 'default', 'c1', 'base', 'base', 1, 1,
        1000, 0, '{}', '{}', '{}')`,
    [MOVED],
  );
  await q(
    store,
    `insert into player_activity (operator_id, player_id, session_id, active_until) values ($1, 'p_1', 'ses_m1', now())`,
    [MOVED],
  );
  // The operator's own tournament, frozen, its prize paid after one failed attempt.
  await q(
    store,
    `insert into campaigns (id, kind, name, scope, owner_operator_id, currency, games, starts_at, ends_at, min_bet,
        scoring, prizes, budget, status, created_by, frozen_at)
      values ('cmp_own', 'tournament', 'October cup', 'operator', $1, 'EUR', '{rf_copper_sevens}', '2026-10-01',
        '2026-10-31', 0, 'total_bet', '[]', 50000, 'frozen', 'staff', '2026-11-01')`,
    [MOVED],
  );
  await q(
    store,
    `insert into campaign_members (campaign_id, operator_id, joined_at) values ('cmp_own', $1, now())`,
    [MOVED],
  );
  await q(
    store,
    `insert into campaign_entries (campaign_id, operator_id, player_id) values ('cmp_own', $1, 'p_1')`,
    [MOVED],
  );
  await q(
    store,
    `insert into campaign_standings (campaign_id, place, operator_id, player_id, score, score_at, rounds)
      values ('cmp_own', 1, $1, 'p_1', 800, now(), 8)`,
    [MOVED],
  );
  await q(
    store,
    `insert into campaign_prizes (id, campaign_id, source, place, operator_id, player_id, currency, kind, amount,
        base_amount, game_symbol, session_id, transaction_id, status, attempts, paid_at)
      values ('cpz_1', 'cmp_own', 'place', 1, $1, 'p_1', 'EUR', 'cash', 25000, 25000, 'rf_copper_sevens', 'ses_m1',
        'cpz_tx_1', 'acknowledged', 2, now())`,
    [MOVED],
  );
  await q(
    store,
    `insert into campaign_prize_attempts (prize_id, request_id, started_at, latency_ms, http_status, result)
      values ('cpz_1', 'req_p1', now(), 50, 503, 'failed'), ('cpz_1', 'req_p2', now(), 30, 200, 'acknowledged')`,
  );
  // A finished network campaign it took part in stays on its home cluster, with the member row.
  await q(
    store,
    `insert into campaigns (id, kind, name, scope, currency, games, starts_at, ends_at, min_bet, prizes, budget,
        status, created_by, cancelled_at)
      values ('cmp_net', 'drop', 'Network drop', 'network', 'EUR', '{rf_copper_sevens}', '2026-10-01', '2026-10-02',
        0, '[]', 1000, 'cancelled', 'staff', '2026-10-01')`,
  );
  await q(store, `insert into campaign_members (campaign_id, operator_id) values ('cmp_net', $1)`, [MOVED]);
}

/** Rows per table, money per currency, and every content digest but the sessions' (a move ends them). */
function comparable(c: Census) {
  return {
    money: c.money,
    tables: c.tables.map((t) => ({ ...t, digest: t.table === 'game_sessions' ? '-' : t.digest })),
  };
}

const nonEmpty = (c: Census) => c.tables.filter((t) => t.rows > 0).map((t) => t.table);

const NET = `select id, net_position::text, last_round_at::text from game_sessions where operator_id = $1 order by id`;
let netBefore: unknown[];
let original: Census;
let stayed: Census;

beforeAll(async () => {
  [a, b] = await Promise.all([createTestStore(), createTestStore()]);
  stores = new Map([
    ['main', a.store],
    ['b', b.store],
  ]);
  await seed();
  original = await census(a.store.pool, MOVED);
  stayed = await census(a.store.pool, STAYS);
  netBefore = await q(a.store, NET, [MOVED]);
}, 120_000);

afterAll(async () => {
  await a?.drop();
  await b?.drop();
});

describe('reelforge operator move', () => {
  it('has a realistic operator to move: every kind of play row, two months, money in EUR', () => {
    expect(nonEmpty(original)).toEqual([
      'free_round_campaigns',
      'free_round_grants',
      'game_sessions',
      'demo_balances',
      'demo_rounds',
      'player_activity',
      'rounds',
      'wallet_transactions',
      'wallet_attempts',
      'wallet_balances',
      'campaigns',
      'campaign_members',
      'campaign_entries',
      'campaign_standings',
      'campaign_prizes',
      'campaign_prize_attempts',
    ]);
    expect(new Set(original.money.map((m) => m.currency))).toEqual(new Set(['EUR']));
  });

  it('refuses an unknown operator and an unknown cluster, naming them', async () => {
    const unknown = await moveOperator(deps(), 'op_nobody', 'b');
    expect(unknown).toMatchObject({ result: 'refused', reason: 'unknown_operator' });
    expect(unknown.result === 'refused' && unknown.message).toContain('op_nobody');
    const nowhere = await moveOperator(deps(), MOVED, 'mars');
    expect(nowhere).toMatchObject({ result: 'refused', reason: 'unknown_cluster' });
    expect(nowhere.result === 'refused' && nowhere.message).toContain('cluster mars');
    expect(await placementOf(MOVED)).toEqual({ cluster: 'main', readOnly: false });
  });

  it('refuses a member of a jackpot pool that is not closed, and leaves it active', async () => {
    await q(
      a.store,
      `insert into jackpot_pools (id, name, scope, currency, created_by) values ('jp_net', 'Network', 'network', 'EUR', 'staff')`,
    );
    await q(
      a.store,
      `insert into jackpot_pool_members (pool_id, operator_id, game_symbol) values ('jp_net', $1, 'rf_copper_sevens')`,
      [MOVED],
    );
    const outcome = await moveOperator(deps(), MOVED, 'b');
    expect(outcome).toMatchObject({ result: 'refused', reason: 'shared_running', pools: ['jp_net'] });
    expect(outcome.result === 'refused' && outcome.message).toContain('jackpot pool jp_net');
    expect(await placementOf(MOVED)).toEqual({ cluster: 'main', readOnly: false });
    // A closed pool is its home cluster's record: it no longer holds the operator back.
    await q(a.store, `update jackpot_pools set status = 'closed' where id = 'jp_net'`);
  });

  it('gives up on a round still open after the drain timeout, the operator active again', async () => {
    await q(a.store, `update rounds set status = 'open', stage = 'credit' where id = 'rnd_cb_nov'`);
    await q(a.store, `update wallet_transactions set status = 'pending' where id = 'rnd_cb_nov_credit'`);
    const outcome = await moveOperator(deps({ drainTimeoutMs: 2000 }), MOVED, 'b');
    expect(outcome).toMatchObject({
      result: 'refused',
      reason: 'drain_timeout',
      open: { open_rounds: 1, unfinished_transactions: 1, unpaid_prizes: 0, live_sessions: 0 },
    });
    expect(outcome.result === 'refused' && outcome.message).toContain('1 open round');
    expect(await placementOf(MOVED)).toEqual({ cluster: 'main', readOnly: false });
    expect(nonEmpty(await census(b.store.pool, MOVED))).toEqual([]);
    // The retry worker's credit lands; the sessions the drain ended are the only change on `main`.
    await q(a.store, `update wallet_transactions set status = 'acknowledged' where id = 'rnd_cb_nov_credit'`);
    await q(a.store, `update rounds set status = 'settled', stage = 'done' where id = 'rnd_cb_nov'`);
    expect(comparable(await census(a.store.pool, MOVED))).toEqual(comparable(original));
  });

  it('moves every row to b: the census equal, money to the minor unit, nothing left on main', async () => {
    steps.length = 0;
    const outcome = await moveOperator(deps(), MOVED, 'b');
    // October is older than the months every start makes: the copy made it on b.
    expect(outcome).toMatchObject({ result: 'moved', from: 'main', to: 'b', replaced: 0 });
    expect(outcome.result === 'moved' && outcome.monthsMade).toContain('2026-10');
    expect(steps.filter((step, i) => steps[i - 1] !== step)).toEqual([
      'check',
      'read_only',
      'wait',
      'drain',
      'copy',
      'verify',
      'flip',
      'remove',
      'resume',
    ]);
    const onB = await census(b.store.pool, MOVED);
    expect(comparable(onB)).toEqual(comparable(original));
    expect(onB.money).toEqual(original.money);
    expect(nonEmpty(await census(a.store.pool, MOVED))).toEqual([]);
    expect(await census(a.store.pool, STAYS)).toEqual(stayed);
    expect(await placementOf(MOVED)).toEqual({ cluster: 'b', readOnly: false });
    // The control cluster keeps the operator's row; b holds its placement copy; the network
    // campaign's member row stays home.
    expect(await q(a.store, 'select id from operators where id = $1', [MOVED])).toHaveLength(1);
    expect(await q(b.store, 'select currency from operators where id = $1', [MOVED])).toEqual([
      { currency: 'EUR' },
    ]);
    expect(
      await q(a.store, `select campaign_id from campaign_members where operator_id = $1`, [MOVED]),
    ).toEqual([{ campaign_id: 'cmp_net' }]);
    // The sessions' net positions were not moved a second time by the copied rounds.
    expect(await q(b.store, NET, [MOVED])).toEqual(netBefore);
    // Wallet reads on b see the moved balances.
    const balances = await q<{ player_id: string; balance: bigint }>(
      b.store,
      'select player_id, balance from wallet_balances where operator_id = $1 order by player_id',
      [MOVED],
    );
    expect(balances.map((row) => row.player_id)).toEqual(['p_1', 'p_2']);
  });

  it('is a no-op, saying so, to the cluster the operator is on', async () => {
    steps.length = 0;
    expect(await moveOperator(deps(), MOVED, 'b')).toEqual({
      result: 'already_there',
      operator: MOVED,
      cluster: 'b',
      leftoversRemoved: [],
    });
    expect(steps).toEqual(['check', 'check']);
  });

  it('moves back after a run interrupted between copy and flip: one copy, nothing doubled', async () => {
    const crash = new Error('node lost between copy and flip');
    await expect(
      moveOperator(
        deps({
          afterCopy: async () => {
            throw crash;
          },
        }),
        MOVED,
        'main',
      ),
    ).rejects.toBe(crash);
    // The source stays authoritative: b still plays the operator; main holds a partial copy.
    expect(await placementOf(MOVED)).toEqual({ cluster: 'b', readOnly: false });
    expect(comparable(await census(a.store.pool, MOVED))).toEqual(comparable(original));

    const outcome = await moveOperator(deps(), MOVED, 'main');
    expect(outcome).toMatchObject({ result: 'moved', from: 'b', to: 'main' });
    expect(outcome.result === 'moved' && outcome.replaced).toBeGreaterThan(0);
    const back = await census(a.store.pool, MOVED);
    expect(comparable(back)).toEqual(comparable(original));
    expect(nonEmpty(await census(b.store.pool, MOVED))).toEqual([]);
    // b's placement copy goes with the last row that named it.
    expect(await q(b.store, 'select id from operators where id = $1', [MOVED])).toEqual([]);
    expect(await census(a.store.pool, STAYS)).toEqual(stayed);
    expect(await q(a.store, NET, [MOVED])).toEqual(netBefore);
    expect(await placementOf(MOVED)).toEqual({ cluster: 'main', readOnly: false });
  });

  it('removes what a run interrupted after the flip left on the old cluster when run again', async () => {
    // As if a run flipped to b and died before removing: b holds a verified copy, main is placed.
    const copy = await moveOperator(deps(), MOVED, 'b');
    expect(copy.result).toBe('moved');
    expect((await moveOperator(deps(), MOVED, 'main')).result).toBe('moved');
    await copyOperator(a.store.pool, b.store.pool, MOVED, await operatorRow(a.store.pool, MOVED));
    expect(nonEmpty(await census(b.store.pool, MOVED)).length).toBeGreaterThan(0);
    const outcome = await moveOperator(deps(), MOVED, 'main');
    expect(outcome).toMatchObject({ result: 'already_there', leftoversRemoved: ['b'] });
    expect(nonEmpty(await census(b.store.pool, MOVED))).toEqual([]);
    expect(comparable(await census(a.store.pool, MOVED))).toEqual(comparable(original));
  });

  it('refuses a copy that differs from its source: the copy removed, the operator active where it was', async () => {
    const outcome = await moveOperator(
      deps({
        // A write that reaches the copy and not the source (the census must see it).
        afterCopy: async () => {
          await q(b.store, `update rounds set win = win + 1 where id = 'rnd_m1_1'`);
        },
      }),
      MOVED,
      'b',
    );
    expect(outcome).toMatchObject({ result: 'refused', reason: 'census_mismatch' });
    const wins = original.money.find((m) => m.what === 'round wins')?.amount ?? 0n;
    expect(
      outcome.result === 'refused' && outcome.reason === 'census_mismatch' && outcome.differences,
    ).toEqual([
      "rounds: the rows' content differs",
      `round wins EUR: ${wins} on the source, ${wins + 1n} on the target (minor units)`,
    ]);
    expect(await placementOf(MOVED)).toEqual({ cluster: 'main', readOnly: false });
    expect(nonEmpty(await census(b.store.pool, MOVED))).toEqual([]);
    expect(comparable(await census(a.store.pool, MOVED))).toEqual(comparable(original));
  });

  it('refuses a second run while one is moving the operator', async () => {
    const release = await claimMove(a.store.pool, MOVED);
    try {
      const outcome = await moveOperator(deps(), MOVED, 'b');
      expect(outcome).toMatchObject({ result: 'refused', reason: 'move_running' });
      expect(await placementOf(MOVED)).toEqual({ cluster: 'main', readOnly: false });
    } finally {
      await release?.();
    }
  });

  it('copies a session whose insert was under way when the copy asked for its lock', async () => {
    const writer = await a.store.pool.connect();
    try {
      await writer.query('begin');
      await session({ pool: writer } as unknown as Store, MOVED, 'ses_late', 'p_late');
      const operator = await operatorRow(a.store.pool, MOVED);
      const copying = holdOperator(a.store.pool, MOVED).then(async (held) => {
        try {
          await copyOperator(a.store.pool, b.store.pool, MOVED, operator);
        } finally {
          await held.release();
        }
      });
      // The copy waits for the insert's KEY SHARE lock on the operator's row before its snapshot.
      for (;;) {
        const [waiting] = await q<{ n: number }>(
          a.store,
          `select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and query like 'select id from operators where id = $1 for update%'`,
        );
        if (waiting?.n) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      await writer.query('commit');
      await copying;
      expect(await q(b.store, `select id from game_sessions where id = 'ses_late'`)).toHaveLength(1);
    } finally {
      writer.release();
      await removeOperator(b.store.pool, MOVED, true);
      await q(a.store, `delete from game_sessions where id = 'ses_late'`);
    }
  });

  it('ends the live sessions it drains', async () => {
    expect(await endLiveSessions(a.store.pool, MOVED)).toBe(0);
  });
});

describe('placing an operator that has not played', () => {
  it('copies its row and sets the map; again is a no-op; one that has played is refused, naming the move', async () => {
    await q(
      a.store,
      `insert into operators (id, name, wallet_mode, currency) values ('op_new', 'op_new', 'internal', 'EUR')`,
    );
    await placeNewOperator(a.store.pool, b.store.pool, 'op_new', 'b');
    await placeNewOperator(a.store.pool, b.store.pool, 'op_new', 'b');
    expect(await q(b.store, `select id from operators where id = 'op_new'`)).toHaveLength(1);
    expect(await placementOf('op_new')).toEqual({ cluster: 'b', readOnly: false });
    await expect(placeNewOperator(a.store.pool, b.store.pool, 'op_nobody', 'b')).rejects.toThrow(
      'no operator op_nobody',
    );
    await expect(placeNewOperator(a.store.pool, b.store.pool, STAYS, 'b')).rejects.toThrow(
      'reelforge operator move',
    );
    expect(await placementOf(STAYS)).toEqual({ cluster: 'main', readOnly: false });
  });
});
