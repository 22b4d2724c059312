// A statement's rounds and the jackpots they feed (issue 28, "no hot row"): the rounds of one
// statement enter the pool's ledger as one entry and add to one shard row together, and a round's
// claim counts the shares of the statement's rounds before it, so the round whose contribution takes
// a must-drop meter past its point is the one that wins it, as when each round wrote its own.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/db.ts';
import { jackpotPools } from '../../src/store/ledger.repo.ts';
import { migrate } from '../../src/store/migrate.ts';
import { createTestStore } from '../helpers/db.ts';
import { roundJson } from '../helpers/round-json.ts';

let store: Store;
let drop: () => Promise<void>;
/** A session's token hash (unique a session). */
const tokenOf = (session: string) => Buffer.from(session);
const POOL = 'jp_stmt';
const SESSIONS = ['ses_a', 'ses_b', 'ses_c', 'ses_d'];
/** Fine units a round adds to the must-drop tier (position 0) and to the progressive one (1). */
const SHARE = 40n;

const q = (text: string, values: unknown[] = []) => store.pool.query(text, values);

/** The operator, its four sessions and the pool of two tiers, in a migrated database. */
async function fixture(q: (text: string, values?: unknown[]) => Promise<unknown>) {
  await q(`insert into operators (id, name, wallet_mode) values ('op_s', 'Statement Casino', 'internal')`);
  for (const session of SESSIONS) {
    await q(
      `insert into game_sessions (id, operator_id, player_id, game_symbol, currency, token_hash, device, expires_at)
       values ($1, 'op_s', $2, 'rf_copper_sevens', 'USD', $3, 'desktop', now() + interval '1 hour')`,
      [session, `p-${session}`, tokenOf(session)],
    );
  }
  await q(
    `insert into jackpot_pools (id, name, scope, currency, created_by) values ($1, 'S', 'operator', 'USD', 't')`,
    [POOL],
  );
  await q(`insert into jackpot_meter_shards (pool_id, shard) select $1, s from generate_series(0, 15) s`, [
    POOL,
  ]);
  await q(
    `insert into jackpot_tiers (id, pool_id, name, position, kind, seed, contribution_ppm, reserve_ppm, ceiling,
       odds_stake, seeded_fine)
     values ('jpt_drop', $1, 'drop', 0, 'must_drop_value', 1, 1, 0, 2, null, 1000000),
            ('jpt_prog', $1, 'prog', 1, 'progressive', 1, 1, 0, null, 1000000, 1000000)`,
    [POOL],
  );
}

beforeAll(async () => {
  ({ store, drop } = await createTestStore());
  await fixture(q);
});
afterAll(async () => {
  await drop();
});

let played = 0;
beforeEach(async () => {
  // a fresh cycle: the drop tier's meter at its seed (1,000,000 fine units), its point 110 above it
  await q(
    `update jackpot_meter_shards set meter_fine = '{0,0,0,0,0,0,0,0}', reserve_fine = '{0,0,0,0,0,0,0,0}'
            where pool_id = $1`,
    [POOL],
  );
  await q(
    `update jackpot_tiers set seeded_fine = 1000000, won_fine = 0, reserve_used_fine = 0,
             drop_at = case when kind = 'must_drop_value' then 1000110 end where pool_id = $1`,
    [POOL],
  );
  await q(`update game_sessions set state_version = 0`);
});

/** A fed round of a session; `check`: the node found the drop tier within reach, `hit`: the draw hit. */
function item(session: string, flags: { check?: boolean; hit?: boolean; stake?: bigint } = {}) {
  played += 1;
  const id = `rnd_s${played}`;
  const stake = flags.stake ?? 100n;
  const tiers = [
    { tier_id: 'jpt_drop', position: 0, meter: SHARE.toString(), reserve: '0', dust: '0' },
    { tier_id: 'jpt_prog', position: 1, meter: SHARE.toString(), reserve: '0', dust: '0' },
  ];
  const round = {
    ...roundJson({ id, session_id: session, operator_id: 'op_s', player_id: `p-${session}`, stake, win: 0n }),
    jackpot: [
      {
        pool_id: POOL,
        num: '1',
        den: '1',
        tiers: [
          { ...tiers[0], hit: false, check: flags.check ?? true },
          { ...tiers[1], hit: flags.hit ?? false, check: false },
        ],
      },
    ],
    jackpot_entries: [
      {
        pool_id: POOL,
        entry: {
          round_id: id,
          operator_id: 'op_s',
          currency: 'USD',
          stake: stake.toString(),
          rate: ['1', '1'],
          tiers,
        },
      },
    ],
  };
  return {
    round,
    token_hash: tokenOf(session).toString('hex'),
    now: new Date().toISOString(),
    state_version: '0',
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    debit_id: `dbt_${id}`,
    credit_id: `crd_${id}`,
    action_type: 'spin',
    start_balance: '1000',
  };
}

const candidates = async (batch: object[]) =>
  (await q(`select rf_jackpot_candidates($1::jsonb) as c`, [JSON.stringify(batch)])).rows[0].c as number[];

describe('rf_jackpot_candidates: the rounds of a statement that may win, read once', () => {
  it('names the first round whose share, with those before it in the statement, reaches the point, and the rest', async () => {
    // 1,000,000 + 40·3 = 1,000,120 ≥ 1,000,110: the third round (place 2) reaches it
    const batch = SESSIONS.map((session) => item(session));
    expect((await candidates(batch)).sort()).toEqual([2, 3]);
    // with the meter's shard rows counted: 80 already in, so the first round reaches it
    await q(`update jackpot_meter_shards set meter_fine[1] = 80 where pool_id = $1 and shard = 7`, [POOL]);
    expect((await candidates(batch)).sort()).toEqual([0, 1, 2, 3]);
  });

  it('leaves out a round the node did not find within reach, and takes a progressive hit anywhere', async () => {
    const batch = [
      item('ses_a'),
      item('ses_b', { hit: true }),
      item('ses_c', { check: false }),
      item('ses_d'),
    ];
    // place 2 reaches the point but was not flagged; place 1 hit its draw; place 3 is past the point
    expect((await candidates(batch)).sort()).toEqual([1, 3]);
  });
});

/**
 * A batch as the node sends it (store/ledger.repo.ts): the rounds without their public entries, and the
 * pools they feed, summed, beside them; `legacy`: as a node of the version before sent it, the entries
 * in the rounds and no pools.
 */
function sent(batch: object[], legacy = false): [string, string | null] {
  if (legacy) return [JSON.stringify(batch), null];
  const items = batch as Array<{
    round: Parameters<typeof jackpotPools>[0][number] & { jackpot_entries?: unknown };
  }>;
  const pools = jackpotPools(items.map((entry) => entry.round));
  const rounds = items.map(({ round: { jackpot_entries: _entries, ...round }, ...rest }) => ({
    ...rest,
    round,
  }));
  return [JSON.stringify(rounds), pools];
}

/** The 'contributions' entries pending for the pool since `before` of them, their bodies parsed. */
async function contributionsSince(before: number) {
  return (
    await q(`select kind, round_ids, body_text as body from jackpot_pending where pool_id = $1 order by id`, [
      POOL,
    ])
  ).rows
    .slice(before)
    .filter((entry) => entry.kind === 'contributions')
    .map((entry) => ({ round_ids: entry.round_ids as string[], body: JSON.parse(entry.body) }));
}

/** The pool's shard rows summed: the drop tier's meter (position 0) and the progressive one's (1). */
const shardSums = async () =>
  (
    await q(
      `select sum(meter_fine[1])::bigint as drop, sum(meter_fine[2])::bigint as prog from jackpot_meter_shards
        where pool_id = $1`,
      [POOL],
    )
  ).rows[0] as { drop: bigint; prog: bigint };

/** A tier's meter (fine units, as text): its seeds less its wins, plus its position's shard sums. */
const tierMeter = async (tierId: string) =>
  (
    await q(
      `select t.seeded_fine - t.won_fine + (select sum(m.meter_fine[t.position + 1]) from jackpot_meter_shards m
          where m.pool_id = t.pool_id) as meter
         from jackpot_tiers t where t.id = $1`,
      [tierId],
    )
  ).rows[0].meter as string;

const pendingCount = async () =>
  Number((await q(`select count(*) from jackpot_pending where pool_id = $1`, [POOL])).rows[0].count);

describe('rf_play_internal_rounds with a pool', () => {
  const play = async (batch: object[], legacy = false) =>
    (
      await q(
        `select * from rf_play_internal_rounds($1::jsonb, $2::jsonb) order by item`,
        sent(batch, legacy),
      )
    ).rows.map((row) => ({
      result: row.result as string,
      balance: row.balance as bigint,
      jackpot: row.jackpot,
    }));

  it("writes one ledger entry and one shard update for the statement's played rounds, and the third wins the drop", async () => {
    const pendingBefore = Number(
      (await q(`select count(*) from jackpot_pending where pool_id = $1`, [POOL])).rows[0].count,
    );
    // the second player cannot pay: refused, so neither its share nor its place counts
    const batch = [item('ses_a'), item('ses_b', { stake: 5000n }), item('ses_c'), item('ses_d')];
    const answers = await play(batch);
    expect(answers.map((answer) => answer.result)).toEqual([
      'played',
      'insufficient_funds',
      'played',
      'played',
    ]);
    const ids = batch.map((entry) => entry.round.id);

    // 40 + 40 + 40 = 120 ≥ 110 with the fourth item, the third played round: it wins the drop
    const wins = (
      await q(`select round_id, meter_fine, consumed_fine, amount from jackpot_wins where pool_id = $1`, [
        POOL,
      ])
    ).rows;
    expect(wins).toEqual([{ round_id: ids[3], meter_fine: '1000120', consumed_fine: '1000000', amount: 1n }]);
    expect(answers[3]?.jackpot).toEqual([expect.objectContaining({ tier_id: 'jpt_drop', amount: 1 })]);
    expect(answers[3]?.balance).toBe(1000n - 100n + 1n);
    expect(answers[0]?.jackpot).toEqual([]);

    const entries = (
      await q(
        `select kind, round_ids, body_text as body from jackpot_pending where pool_id = $1 order by id`,
        [POOL],
      )
    ).rows.slice(pendingBefore);
    const contributions = entries.filter((entry) => entry.kind === 'contributions');
    expect(contributions).toHaveLength(1);
    expect(contributions[0].round_ids).toEqual([ids[0], ids[2], ids[3]]);
    expect(
      JSON.parse(contributions[0].body).rounds.map((round: { round_id: string }) => round.round_id),
    ).toEqual(contributions[0].round_ids);
    // the win and the next cycle's seed are entered by the claim, the shares by the statement's end
    expect(entries.map((entry) => entry.kind)).toEqual(['win', 'seed', 'contributions']);

    // the shards hold the three shares, all in one row; the won cycle's meter starts at the seed
    const shards = (
      await q(
        `select meter_fine from jackpot_meter_shards where pool_id = $1 and meter_fine <> '{0,0,0,0,0,0,0,0}'`,
        [POOL],
      )
    ).rows;
    expect(shards).toHaveLength(1);
    expect(shards[0].meter_fine.slice(0, 2)).toEqual(['120', '120']);
    const meter = await tierMeter('jpt_drop');
    // 1,000,000 seed + 120 − 1,000,000 paid (one whole cent) + the next cycle's 1,000,000 seed
    expect(meter).toBe('1000120');
  });

  it('lets a second round of the statement win the tier again, on the next cycle, counting the shares since the first win', async () => {
    // Two progressive hits in one statement (the drop tier not within reach): the first takes the
    // meter's whole cents and starts the next cycle at the seed; the second claims that cycle, with
    // the shares of the rounds between them and its own, before the statement adds any to a shard.
    const batch = [
      item('ses_a', { check: false, hit: true }),
      item('ses_b', { check: false }),
      item('ses_c', { check: false, hit: true }),
    ];
    const held = await q(`select balance from wallet_balances where player_id = 'p-ses_c'`);
    const before = held.rows[0] ? BigInt(held.rows[0].balance) : 1000n; // the items' start balance
    const answers = await play(batch);
    expect(answers.map((answer) => answer.result)).toEqual(['played', 'played', 'played']);
    const ids = batch.map((entry) => entry.round.id);
    const wins = (
      await q(
        `select round_id, cycle, meter_fine, consumed_fine, amount from jackpot_wins
          where tier_id = 'jpt_prog' and round_id = any($1) order by cycle`,
        [ids],
      )
    ).rows;
    expect(wins.map(({ cycle: _cycle, ...win }) => win)).toEqual([
      { round_id: ids[0], meter_fine: '1000040', consumed_fine: '1000000', amount: 1n },
      { round_id: ids[2], meter_fine: '1000120', consumed_fine: '1000000', amount: 1n },
    ]);
    expect(BigInt(wins[1].cycle)).toBe(BigInt(wins[0].cycle) + 1n);
    expect(answers[0]?.jackpot).toEqual([expect.objectContaining({ tier_id: 'jpt_prog', amount: 1 })]);
    expect(answers[1]?.jackpot).toEqual([]);
    expect(answers[2]?.jackpot).toEqual([expect.objectContaining({ tier_id: 'jpt_prog', amount: 1 })]);
    expect(answers[2]?.balance).toBe(before - 100n + 1n);
    // conservation: two seeds of the new cycles, two cents paid, the 120 fine units of shares kept
    expect(await tierMeter('jpt_prog')).toBe('1000120');
    expect((await shardSums()).prog).toBe(120n);
  });

  it('compiles nothing just in time on a PostgreSQL that can (the planner costs its JSON expansions high)', async (context) => {
    // jsonb_array_elements is estimated at 100 rows a level, so a statement of a few rounds was costed
    // over jit_above_cost and compiled: 20 ms a statement on PostgreSQL 15 with JIT, where the whole
    // statement needs about 2 ms. The embedded PostgreSQL of `npm test` has no JIT: the test then
    // uses the machine's own PostgreSQL (JIT_DATABASE_URL, or 127.0.0.1:5432), in a database of its own.
    const target = await databaseWithJit(store.pool);
    if (typeof target === 'string') {
      console.log(`skipped: ${target}`);
      context.skip();
      return;
    }
    const client = await target.pool.connect();
    try {
      await client.query(`load 'auto_explain'`);
      await client.query(`set auto_explain.log_min_duration = 0`);
      await client.query(`set auto_explain.log_nested_statements = on`);
      await client.query(`set client_min_messages = log`);
      const plans: string[] = [];
      client.on('notice', (notice) => plans.push(notice.message ?? ''));
      // every round may win (checked, and past the point), so every query of the path runs
      await client.query(`update jackpot_tiers set drop_at = 1000000 where id = 'jpt_drop'`);
      const batch = [item('ses_a'), item('ses_b', { hit: true }), item('ses_c'), item('ses_d')];
      await client.query(`select * from rf_play_internal_rounds($1::jsonb, $2::jsonb)`, sent(batch));
      client.removeAllListeners('notice');
      // the candidates' query and the statement's ledger entry ran, and were logged
      expect(plans.filter((plan) => plan.includes('with feeds as')).length).toBeGreaterThan(0);
      expect(plans.filter((plan) => /insert into jackpot_pending/.test(plan)).length).toBeGreaterThan(0);
      expect(plans.filter((plan) => /\bJIT:/.test(plan)).map((plan) => plan.slice(0, 300))).toEqual([]);
    } finally {
      client.release(true);
      await target.drop();
    }
  });

  it('adds the share of a round sent without its public entries (a node of the version before)', async () => {
    const before = Number(
      (await q(`select count(*) from jackpot_pending where pool_id = $1`, [POOL])).rows[0].count,
    );
    const old = item('ses_a', { check: false });
    const { jackpot_entries: _entries, ...round } = old.round;
    await play([{ ...old, round }, item('ses_b', { check: false })], true);
    const entries = (
      await q(`select round_ids, body_text as body from jackpot_pending where pool_id = $1 order by id`, [
        POOL,
      ])
    ).rows.slice(before);
    expect(entries).toHaveLength(1);
    expect(entries[0].round_ids).toHaveLength(2);
    // made in the store from its feed, the same public fields (no hit, check or next)
    expect(JSON.parse(entries[0].body).rounds[0]).toEqual(_entries[0]?.entry);
    const shards = await shardSums();
    expect(shards.drop).toBe(2n * SHARE);
  });

  it("voids a round's share from its statement's entry, sealed or pending, once", async () => {
    await q(`update jackpot_tiers set drop_at = 1000000000 where id = 'jpt_drop'`); // out of reach
    const sealed = [item('ses_a'), item('ses_b')];
    const pending = [item('ses_c'), item('ses_d')];
    await play(sealed);
    // the sealer's move, as it writes it: the body as text, the round ids kept
    await q(
      `with moved as (delete from jackpot_pending where pool_id = $1 and kind = 'contributions' returning *)
       insert into jackpot_ledger (pool_id, seq, block, kind, round_id, round_ids, body, prev_hash, hash, recorded_at)
       select pool_id, 1000 + id, 1000 + id, kind, round_id, round_ids,
              jsonb_build_object('kind', kind, 'round_id', null) || body_text::jsonb, 'h', 'h', created_at from moved`,
      [POOL],
    );
    await play(pending);
    expect(await shardSums()).toEqual({ drop: 4n * SHARE, prog: 4n * SHARE });
    const voids = async () =>
      (
        await q(
          `select round_id, body_text as body from jackpot_pending where pool_id = $1 and kind = 'void' order by id`,
          [POOL],
        )
      ).rows;
    const before = (await voids()).length;
    for (const voided of [sealed[1], pending[0], sealed[1]]) {
      await q(`select rf_jackpot_void($1, now())`, [voided?.round.id]);
    }
    // each once: the second void of the sealed round found its void entry and did nothing
    expect(await shardSums()).toEqual({ drop: 2n * SHARE, prog: 2n * SHARE });
    const written = (await voids()).slice(before);
    expect(written.map((entry) => entry.round_id)).toEqual([sealed[1]?.round.id, pending[0]?.round.id]);
    expect(JSON.parse(written[0].body).tiers).toEqual([
      { tier_id: 'jpt_drop', meter: `-${SHARE}`, reserve: '0' },
      { tier_id: 'jpt_prog', meter: `-${SHARE}`, reserve: '0' },
    ]);
  });

  it('adds a round that feeds two pools to each, one entry and one shard update a pool', async () => {
    const other = 'jp_stmt_b';
    await q(
      `insert into jackpot_pools (id, name, scope, currency, created_by)
             values ($1, 'S2', 'operator', 'USD', 't') on conflict do nothing`,
      [other],
    );
    await q(
      `insert into jackpot_meter_shards (pool_id, shard) select $1, s from generate_series(0, 15) s
             on conflict do nothing`,
      [other],
    );
    await q(
      `insert into jackpot_tiers (id, pool_id, name, position, kind, seed, contribution_ppm, reserve_ppm,
               odds_stake, seeded_fine)
             values ('jpt_b', $1, 'b', 0, 'progressive', 1, 1, 0, 1000000, 1000000) on conflict do nothing`,
      [other],
    );
    const before = Number((await q(`select max(id) as id from jackpot_pending`)).rows[0].id ?? 0);
    /** A round of `item`'s that also feeds the second pool, 7 fine units to its one tier. */
    const both = (session: string) => {
      const base = item(session, { check: false });
      const share = { tier_id: 'jpt_b', position: 0, meter: '7', reserve: '1', dust: '0' };
      const round = {
        ...base.round,
        jackpot: [
          ...base.round.jackpot,
          { pool_id: other, num: '1', den: '1', tiers: [{ ...share, hit: false, check: false }] },
        ],
        jackpot_entries: [
          ...base.round.jackpot_entries,
          { pool_id: other, entry: { ...base.round.jackpot_entries[0]?.entry, tiers: [share] } },
        ],
      };
      return { ...base, round };
    };
    const batch = [both('ses_a'), item('ses_b', { check: false }), both('ses_c')];
    await play(batch);
    const entries = (
      await q(`select pool_id, round_ids from jackpot_pending where id > $1 order by pool_id`, [before])
    ).rows;
    expect(entries).toEqual([
      { pool_id: POOL, round_ids: batch.map((entry) => entry.round.id) },
      { pool_id: other, round_ids: [batch[0]?.round.id, batch[2]?.round.id] },
    ]);
    const sums = (
      await q(
        `select pool_id, sum(meter_fine[1])::bigint as meter, sum(reserve_fine[1])::bigint as reserve,
                count(*) filter (where meter_fine <> '{0,0,0,0,0,0,0,0}')::int as rows
           from jackpot_meter_shards where pool_id = any($1) group by pool_id order by pool_id`,
        [[POOL, other]],
      )
    ).rows;
    expect(sums).toEqual([
      { pool_id: POOL, meter: 3n * SHARE, reserve: 0n, rows: 1 },
      { pool_id: other, meter: 14n, reserve: 2n, rows: 1 },
    ]);
  });

  it("writes the node's pools as they came when every fed round is played: its entry's text and its sums", async () => {
    await q(`update jackpot_tiers set drop_at = 1000000000 where id = 'jpt_drop'`); // out of reach
    const before = await pendingCount();
    const batch = [item('ses_a', { stake: 300n }), item('ses_b'), item('ses_c')];
    const [rounds, pools] = sent(batch);
    await q(`select * from rf_play_internal_rounds($1::jsonb, $2::jsonb)`, [rounds, pools]);
    const written = (
      await q(
        `select kind, round_ids, body_text as body from jackpot_pending where pool_id = $1 order by id`,
        [POOL],
      )
    ).rows.slice(before);
    const node = JSON.parse(pools ?? '[]')[0];
    expect(written).toEqual([
      { kind: 'contributions', round_ids: batch.map((entry) => entry.round.id), body: node.body },
    ]);
    // each round's public share, in the statement's order, as the legacy statement built it
    expect(JSON.parse(written[0].body).rounds).toEqual(
      batch.map((entry) => entry.round.jackpot_entries[0]?.entry),
    );
    const sums = await shardSums();
    expect(sums).toEqual({ drop: 3n * SHARE, prog: 3n * SHARE });
  });

  it("takes a refused round's share out of a node of the version before's statement too", async () => {
    await q(`update jackpot_tiers set drop_at = 1000000000 where id = 'jpt_drop'`);
    const before = await pendingCount();
    const batch = [item('ses_a'), item('ses_b', { stake: 5000n }), item('ses_c')];
    const answers = await play(batch, true);
    expect(answers.map((answer) => answer.result)).toEqual(['played', 'insufficient_funds', 'played']);
    const written = await contributionsSince(before);
    expect(written.map((entry) => entry.round_ids)).toEqual([[batch[0]?.round.id, batch[2]?.round.id]]);
    expect(written[0]?.body.rounds).toEqual(
      [batch[0], batch[2]].map((entry) => entry?.round.jackpot_entries[0]?.entry),
    );
    const sums = await shardSums();
    expect(sums.drop).toBe(2n * SHARE);
  });

  it('refuses pools whose sums are not of 8 tiers, or that name no rounds, and writes nothing', async () => {
    await q(`update jackpot_tiers set drop_at = 1000000000 where id = 'jpt_drop'`);
    const before = await pendingCount();
    const batch = [item('ses_a')];
    const [rounds, pools] = sent(batch);
    const good = JSON.parse(pools ?? '[]')[0];
    for (const bad of [
      { ...good, meter: '{40,40}' },
      { ...good, reserve: '{0,0,0,0,0,0,0,null}' },
      { ...good, round_ids: null },
    ]) {
      await expect(
        q(`select * from rf_play_internal_rounds($1::jsonb, $2::jsonb)`, [rounds, JSON.stringify([bad])]),
      ).rejects.toThrow(/needs its round_ids, body and sums of 8 tiers/);
    }
    expect(await pendingCount()).toBe(before);
    const sums = await shardSums();
    expect(sums.drop).toBe(0n);
  });

  it('writes nothing for a pool when no round of the statement is played', async () => {
    const before = Number(
      (await q(`select count(*) from jackpot_pending where pool_id = $1`, [POOL])).rows[0].count,
    );
    const answers = await play([item('ses_a', { stake: 5000n })]);
    expect(answers.map((answer) => answer.result)).toEqual(['insufficient_funds']);
    expect(
      Number((await q(`select count(*) from jackpot_pending where pool_id = $1`, [POOL])).rows[0].count),
    ).toBe(before);
  });
});

/**
 * A migrated database with the fixture on a PostgreSQL that can compile just in time: the test store's
 * own if it can, else a database of its own on the machine's PostgreSQL; or why there is none.
 */
async function databaseWithJit(own: pg.Pool): Promise<{ pool: pg.Pool; drop(): Promise<void> } | string> {
  const available = async (pool: pg.Pool | pg.Client) =>
    ((await pool.query('select pg_jit_available() as ok')).rows[0] as { ok: boolean }).ok;
  if (await available(own)) return { pool: own, drop: async () => undefined };
  const adminUrl = process.env.JIT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
  } catch (error) {
    return `the test store's PostgreSQL has no JIT and ${adminUrl} is not reachable (${(error as Error).message})`;
  }
  try {
    if (!(await available(admin))) return `neither the test store's PostgreSQL nor ${adminUrl} has JIT`;
    const name = `rf_jit_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    await migrate(pool);
    await fixture((text, values) => pool.query(text, values));
    return {
      pool,
      async drop() {
        await pool.end();
        const again = new pg.Client({ connectionString: adminUrl });
        await again.connect();
        await again.query(`drop database if exists ${name} with (force)`);
        await again.end();
      },
    };
  } finally {
    await admin.end();
  }
}
