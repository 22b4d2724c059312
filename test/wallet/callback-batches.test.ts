// Callback round steps of one event-loop turn share one statement (migration 015), on a real
// PostgreSQL: every round keeps its own answer, a second step of the same session waits for the
// next statement, and one round's failure leaves the others of its batch alone; an opening re-checks
// the session's token and expiry (016); the session and round look-ups of one turn are one read each.
import { type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import { type LedgerRepo, ledgerRepo, type NewWalletTx } from '../../src/store/ledger.repo.ts';
import { type NewRound, roundsRepo } from '../../src/store/rounds.repo.ts';
import type { Database } from '../../src/store/schema.ts';
import { sessionsRepo } from '../../src/store/sessions.repo.ts';
import { callbackOperator, launchPlayer } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let wallet: MockWallet;
let operatorId: string;
let apiKey: string;
let ledger: LedgerRepo;
let statements: string[];
let db: Kysely<Database>;

const PLAYERS = ['b-1', 'b-2', 'b-3', 'b-4'];
const GIVE_UP_MS = 24 * 3600_000;

beforeAll(async () => {
  server = await startTestServer();
  const operator = await callbackOperator(
    server,
    Object.fromEntries(PLAYERS.map((player) => [player, '100.00'])),
  );
  ({ id: operatorId, apiKey, wallet } = operator);
  for (const player of PLAYERS) await launchPlayer(server, apiKey, { player });
  // The same pool as the node's, with every statement the ledger sends written down.
  statements = [];
  db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: server.store.pool }),
    log: (event) => {
      if (event.level === 'query') statements.push((event.query as CompiledQuery).sql);
    },
  });
  ledger = ledgerRepo(db);
});
afterAll(async () => {
  await server?.close();
  await wallet?.close();
});

async function sessionOf(player: string) {
  const { rows } = await server.store.pool.query(
    'select id, token_hash, state_version from game_sessions where operator_id = $1 and player_id = $2',
    [operatorId, player],
  );
  const row = rows[0] as { id: string; token_hash: Buffer; state_version: bigint };
  return { id: row.id, tokenHash: row.token_hash, stateVersion: BigInt(row.state_version) };
}

/** What the spin path guards an opening with: the session's token, state version and new expiry. */
function guardOf(session: { tokenHash: Buffer; stateVersion: bigint }) {
  return { ...session, expiresAt: new Date(Date.now() + 3600_000) };
}

type SessionOf = Awaited<ReturnType<typeof sessionOf>>;

let made = 0;
/** A paid round of `player`'s session and its debit row, as the settlement would write them. */
function roundOf(player: string, sessionId: string): { round: NewRound; debit: NewWalletTx } {
  made += 1;
  const id = `rnd_batch_${made}`;
  const round: NewRound = {
    id,
    session_id: sessionId,
    operator_id: operatorId,
    player_id: player,
    game_symbol: 'rf_ember_crown',
    currency: 'USD',
    variant: 'default',
    client_round_id: `click-${made}`,
    kind: 'base',
    mode: 'base',
    coin: 10n,
    bet_level: 1,
    stake: 200n,
    win: 0n,
    state_before: {},
    state_after: {},
    outcome: {},
    created_at: new Date(),
    free_round_grant_id: null,
    certificate_hash: null,
    jurisdiction_code: null,
    jurisdiction_version: null,
    action_type: 'spin',
  };
  const debit: NewWalletTx = {
    id: `tx_batch_${made}_debit`,
    round_id: id,
    operator_id: operatorId,
    player_id: player,
    game_symbol: 'rf_ember_crown',
    currency: 'USD',
    type: 'debit',
    amount: 200n,
    body: '{}',
    action_type: 'spin',
    original_transaction_id: null,
    due_in_ms: 60_000,
  };
  return { round, debit };
}

/** Statements of one callback step's batch (rf_callback_steps names its step in the statement's text). */
const count = (step: 'open' | 'debit' | 'delivery') =>
  statements.filter((text) => text.includes(`rf_callback_steps('${step}'`)).length;

function attempt(transactionId: string) {
  return {
    transaction_id: transactionId,
    request_id: `att_${transactionId}`,
    started_at: new Date().toISOString(),
    latency_ms: 3,
    http_status: 200,
    result: 'acknowledged' as const,
    error: null,
    response_body: null,
  };
}

describe('callback round steps in batches', () => {
  it('opens the rounds of one turn in one statement and records their debits in one more', async () => {
    const opened = await Promise.all(
      PLAYERS.slice(0, 3).map(async (player) => ({
        player,
        ...roundOf(player, (await sessionOf(player)).id),
      })),
    );
    const versions = await Promise.all(opened.map(({ player }) => sessionOf(player)));
    statements.length = 0;
    const results = await Promise.all(
      opened.map(({ round, debit }, i) =>
        ledger.openCallbackRound(round, guardOf(versions[i] as SessionOf), debit, GIVE_UP_MS),
      ),
    );
    expect(results.map((answer) => answer.result)).toEqual(['opened', 'opened', 'opened']);
    expect(count('open')).toBe(1);
    const { rows: stages } = await server.store.pool.query(
      'select stage, status from rounds where id = any($1) order by id',
      [opened.map(({ round }) => round.id)],
    );
    expect(stages).toEqual(Array(3).fill({ stage: 'debit', status: 'open' }));

    statements.length = 0;
    const recorded = await Promise.all(
      opened.map(({ round, debit }, i) =>
        ledger
          .recordDebit(
            debit.id,
            attempt(debit.id),
            'acknowledged',
            10_000n - BigInt(i),
            null,
            { ...debit, id: `${debit.id}_credit`, type: 'credit', amount: 0n, due_in_ms: 60_000 },
            GIVE_UP_MS,
            { durable: false },
          )
          .then((result) => ({ result, round })),
      ),
    );
    expect(recorded.map(({ result }) => result)).toEqual(['credit', 'credit', 'credit']);
    expect(count('debit')).toBe(1);
    const { rows: debits } = await server.store.pool.query(
      'select id, status, balance_after::text as balance from wallet_transactions where id = any($1)',
      [opened.map(({ debit }) => debit.id)],
    );
    const byId = new Map(debits.map((row) => [row.id, [row.status, row.balance]]));
    expect(opened.map(({ debit }) => byId.get(debit.id))).toEqual([
      ['acknowledged', '10000'],
      ['acknowledged', '9999'],
      ['acknowledged', '9998'],
    ]);
    const { rows: credits } = await server.store.pool.query(
      "select count(*)::int as n from wallet_transactions where id = any($1) and type = 'credit' and status = 'pending'",
      [opened.map(({ debit }) => `${debit.id}_credit`)],
    );
    expect(credits[0].n).toBe(3);

    // A credit the wallet did not answer: recorded for its retry, and its round is still open, so
    // the record has no moment to hand back (the spin reads the round as it stands).
    const firstCredit = `${opened[0]?.debit.id}_credit`;
    const unanswered = await ledger.recordDelivery(
      firstCredit,
      {
        ...attempt(firstCredit),
        request_id: `att_${firstCredit}_timeout`,
        result: 'failed',
        error: 'timeout',
      },
      null,
      'timeout',
      1000,
    );
    expect(unanswered.settledAt).toBeNull();

    // The credits' answers, delivered together: one statement, every round settled, and each
    // record hands back the moment its round was closed, as a read of the round gives it (017).
    statements.length = 0;
    const delivered = await Promise.all(
      opened.map(({ debit }, i) =>
        ledger.recordDelivery(
          `${debit.id}_credit`,
          attempt(`${debit.id}_credit`),
          10_000n - BigInt(i),
          null,
          1000,
        ),
      ),
    );
    expect(count('delivery')).toBe(1);
    const { rows: settled } = await server.store.pool.query(
      'select id, status, stage, finished_at from rounds where id = any($1)',
      [opened.map(({ round }) => round.id)],
    );
    const closed = new Map(settled.map((row) => [row.id, row]));
    expect(opened.map(({ round }) => closed.get(round.id).status)).toEqual(Array(3).fill('settled'));
    expect(opened.map(({ round }) => closed.get(round.id).stage)).toEqual(Array(3).fill('done'));
    expect(delivered.map(({ settledAt }) => settledAt)).toEqual(
      opened.map(({ round }) => closed.get(round.id).finished_at),
    );
    expect(delivered[0]?.settledAt).toBeInstanceOf(Date);
    // A settled round's credit recorded again (the retry worker's late repeat) still says when.
    const repeat = await ledger.recordDelivery(
      firstCredit,
      { ...attempt(firstCredit), request_id: `att_${firstCredit}_repeat` },
      10_000n,
      null,
      1000,
    );
    expect(repeat.settledAt).toEqual(delivered[0]?.settledAt);

    // The same answer again: the round has moved on, and nothing is written twice.
    const first = opened[0] as (typeof opened)[number];
    const again = await ledger.recordDebit(
      first.debit.id,
      attempt(first.debit.id),
      'acknowledged',
      1n,
      null,
      { ...first.debit, id: `${first.debit.id}_credit2`, type: 'credit', amount: 0n, due_in_ms: 60_000 },
      GIVE_UP_MS,
      { durable: false },
    );
    expect(again).toBe('late');
  });

  it('puts a second round of the same session in the next statement, where it finds the first', async () => {
    const player = PLAYERS[3] as string;
    const session = await sessionOf(player);
    const one = roundOf(player, session.id);
    const two = roundOf(player, session.id);
    statements.length = 0;
    const results = await Promise.all([
      ledger.openCallbackRound(one.round, guardOf(session), one.debit, GIVE_UP_MS),
      ledger.openCallbackRound(two.round, guardOf(session), two.debit, GIVE_UP_MS),
    ]);
    // One round at a time per session: the second sees the first waiting for its debit.
    expect(results.map((answer) => answer.result)).toEqual(['opened', 'busy']);
    expect(count('open')).toBe(2);
  });

  it("answers one round's failure to that round alone; the rest of its batch opens", async () => {
    const goodSession = await sessionOf(PLAYERS[0] as string);
    const otherSession = await sessionOf(PLAYERS[1] as string);
    const good = roundOf(PLAYERS[0] as string, goodSession.id);
    // A first transaction that names no round: the insert breaks a foreign key.
    const orphan = roundOf(PLAYERS[1] as string, otherSession.id);
    orphan.debit.round_id = 'rnd_that_does_not_exist';
    // Both still have an open round from the first test: free the sessions for these.
    await server.store.pool.query(
      "update rounds set status = 'settled', stage = 'done' where session_id = any($1) and status = 'open'",
      [[goodSession.id, otherSession.id]],
    );
    statements.length = 0;
    const [opened, failed] = await Promise.allSettled([
      ledger.openCallbackRound(good.round, guardOf(goodSession), good.debit, GIVE_UP_MS),
      ledger.openCallbackRound(orphan.round, guardOf(otherSession), orphan.debit, GIVE_UP_MS),
    ]);
    expect(count('open')).toBe(1);
    expect(opened).toEqual({ status: 'fulfilled', value: { result: 'opened', jackpotWins: [] } });
    expect(failed.status).toBe('rejected');
    expect((failed as PromiseRejectedResult).reason).toMatchObject({ code: '23503' });
    const { rows } = await server.store.pool.query('select id from rounds where id = any($1) order by id', [
      [good.round.id, orphan.round.id],
    ]);
    expect(rows.map((row) => row.id)).toEqual([good.round.id]);
  });

  it('opens nothing for a session whose token was replaced or whose time ran out: stale (migration 016)', async () => {
    const player = PLAYERS[2] as string;
    const session = await sessionOf(player);
    await server.store.pool.query(
      "update rounds set status = 'settled', stage = 'done' where session_id = $1 and status = 'open'",
      [session.id],
    );
    const replaced = roundOf(player, session.id);
    const expired = roundOf(player, session.id);
    const live = roundOf(player, session.id);
    // A node's cached copy: the token it knew is no longer the session's.
    expect(
      await ledger.openCallbackRound(
        replaced.round,
        guardOf({ ...session, tokenHash: Buffer.alloc(32, 9) }),
        replaced.debit,
        GIVE_UP_MS,
      ),
    ).toEqual({ result: 'stale', jackpotWins: [] });
    // The clock of the round is past the session's expiry.
    expired.round.created_at = new Date(Date.now() + 48 * 3600_000);
    expect(
      await ledger.openCallbackRound(expired.round, guardOf(session), expired.debit, GIVE_UP_MS),
    ).toEqual({
      result: 'stale',
      jackpotWins: [],
    });
    const { rows } = await server.store.pool.query('select id from rounds where id = any($1)', [
      [replaced.round.id, expired.round.id],
    ]);
    expect(rows).toEqual([]);
    // The same session with its own token, in time: it opens.
    expect(await ledger.openCallbackRound(live.round, guardOf(session), live.debit, GIVE_UP_MS)).toEqual({
      result: 'opened',
      jackpotWins: [],
    });
  });

  it('reads the sessions and the rounds asked for in one turn with one statement each', async () => {
    const sessions = sessionsRepo(db, server.store.pool);
    const rounds = roundsRepo(db);
    const { rows } = await server.store.pool.query(
      'select token_hash, id from game_sessions where operator_id = $1 order by id',
      [operatorId],
    );
    const { rows: made } = await server.store.pool.query(
      'select id, session_id from rounds where operator_id = $1 order by id',
      [operatorId],
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    statements.length = 0;
    const found = await Promise.all([
      ...rows.map((row) => sessions.findByTokenHash(row.token_hash)),
      sessions.findByTokenHash(Buffer.alloc(32, 7)),
    ]);
    expect(found.map((row) => row?.id)).toEqual([...rows.map((row) => row.id), undefined]);
    expect(statements.filter((text) => text.includes('from "game_sessions"'))).toHaveLength(1);

    statements.length = 0;
    const roundRows = await Promise.all([...made.map((row) => rounds.find(row.id)), rounds.find('rnd_none')]);
    expect(roundRows.map((row) => row?.session_id)).toEqual([
      ...made.map((row) => row.session_id),
      undefined,
    ]);
    expect(statements.filter((text) => text.includes('from "rounds"'))).toHaveLength(1);
  });
});

describe('openings that feed a jackpot pool (issue 28: the node sends the pools, summed)', () => {
  const POOL = 'jp_open_batch';
  /** A round of `roundOf`'s that feeds the pool's two tiers 30 and 11 fine units (5 of them reserve). */
  const fedRound = (player: string, sessionId: string) => {
    const made = roundOf(player, sessionId);
    made.round.jackpot = [
      {
        pool_id: POOL,
        num: '1',
        den: '1',
        tiers: [
          {
            tier_id: 'jpt_ob_0',
            position: 0,
            meter: '30',
            reserve: '0',
            dust: '0',
            hit: false,
            check: false,
          },
          {
            tier_id: 'jpt_ob_1',
            position: 1,
            meter: '11',
            reserve: '5',
            dust: '0',
            hit: false,
            check: false,
          },
        ],
      },
    ];
    return made;
  };
  const shards = async () =>
    (
      await server.store.pool.query(
        `select sum(meter_fine[1])::text as m0, sum(meter_fine[2])::text as m1, sum(reserve_fine[2])::text as r1
           from jackpot_meter_shards where pool_id = $1`,
        [POOL],
      )
    ).rows[0];
  const contributions = async () =>
    (
      await server.store.pool.query(
        `select round_ids, body_text as body from jackpot_pending where pool_id = $1 and kind = 'contributions' order by id`,
        [POOL],
      )
    ).rows as Array<{ round_ids: string[]; body: string }>;

  beforeAll(async () => {
    await server.store.pool.query(
      `insert into jackpot_pools (id, name, scope, currency, created_by) values ($1, 'B', 'operator', 'USD', 't')`,
      [POOL],
    );
    await server.store.pool.query(
      `insert into jackpot_meter_shards (pool_id, shard) select $1, s from generate_series(0, 15) s`,
      [POOL],
    );
    await server.store.pool.query(
      `insert into jackpot_tiers (id, pool_id, name, position, kind, seed, contribution_ppm, reserve_ppm, odds_stake,
         seeded_fine)
       values ('jpt_ob_0', $1, 'a', 0, 'progressive', 1, 1, 0, 1000000, 1000000),
              ('jpt_ob_1', $1, 'b', 1, 'progressive', 1, 1, 0, 1000000, 1000000)`,
      [POOL],
    );
  });

  const freeSessions = async (ids: string[]) =>
    server.store.pool.query(
      "update rounds set status = 'settled', stage = 'done' where session_id = any($1) and status = 'open'",
      [ids],
    );

  it('writes the pools as the node sent them when every fed round opens, one entry and one shard update', async () => {
    const sessions = [await sessionOf(PLAYERS[0] as string), await sessionOf(PLAYERS[1] as string)];
    await freeSessions(sessions.map((session) => session.id));
    const fed = sessions.map((session, i) => fedRound(PLAYERS[i] as string, session.id));
    statements.length = 0;
    const answers = await Promise.all(
      fed.map((made, i) =>
        ledger.openCallbackRound(made.round, guardOf(sessions[i] as SessionOf), made.debit, GIVE_UP_MS),
      ),
    );
    expect(answers.map((answer) => answer.result)).toEqual(['opened', 'opened']);
    expect(count('open')).toBe(1);
    const entries = await contributions();
    expect(entries).toHaveLength(1);
    // (the batch's order: its sessions')
    expect([...(entries[0]?.round_ids ?? [])].sort()).toEqual(fed.map((made) => made.round.id).sort());
    // the node's text, as it came: each round's public share in the batch's order, no flags
    const body = JSON.parse(entries[0]?.body ?? '');
    expect(
      body.rounds.map((round: { round_id: string; stake: string }) => [round.round_id, round.stake]),
    ).toEqual((entries[0]?.round_ids ?? []).map((id) => [id, '200']));
    expect(entries[0]?.body).not.toMatch(/"hit"|"check"/);
    // written as it came, not made again by the store (whose text is jsonb's: keys sorted, spaced)
    expect(entries[0]?.body.startsWith('{"rounds":[{"round_id":')).toBe(true);
    expect(await shards()).toEqual({ m0: '60', m1: '22', r1: '10' });
  });

  it("leaves a round that does not open out of its statement's entry and sums", async () => {
    const sessions = [await sessionOf(PLAYERS[2] as string), await sessionOf(PLAYERS[3] as string)];
    await freeSessions(sessions.map((session) => session.id));
    const before = (await contributions()).length;
    const opens = fedRound(PLAYERS[2] as string, (sessions[0] as SessionOf).id);
    const stale = fedRound(PLAYERS[3] as string, (sessions[1] as SessionOf).id);
    const staleGuard = {
      ...guardOf(sessions[1] as SessionOf),
      stateVersion: (sessions[1] as SessionOf).stateVersion + 7n,
    };
    statements.length = 0;
    const answers = await Promise.all([
      ledger.openCallbackRound(opens.round, guardOf(sessions[0] as SessionOf), opens.debit, GIVE_UP_MS),
      ledger.openCallbackRound(stale.round, staleGuard, stale.debit, GIVE_UP_MS),
    ]);
    expect(answers.map((answer) => answer.result)).toEqual(['opened', 'stale']);
    expect(count('open')).toBe(1);
    const entries = (await contributions()).slice(before);
    expect(entries.map((entry) => entry.round_ids)).toEqual([[opens.round.id]]);
    expect(
      JSON.parse(entries[0]?.body ?? '').rounds.map((round: { round_id: string }) => round.round_id),
    ).toEqual([opens.round.id]);
    expect(await shards()).toEqual({ m0: '90', m1: '33', r1: '15' });
  });

  it('undoes, win and all, an opening whose claim fails; the rest of its batch opens, wins and feeds the pool', async () => {
    const sessions = [await sessionOf(PLAYERS[0] as string), await sessionOf(PLAYERS[1] as string)];
    await freeSessions(sessions.map((session) => session.id));
    const before = (await contributions()).length;
    // Both draws hit the first tier: each round claims it, in the batch's order.
    const [winner, failing] = sessions.map((session, i) => fedRound(PLAYERS[i] as string, session.id)) as [
      ReturnType<typeof fedRound>,
      ReturnType<typeof fedRound>,
    ];
    for (const made of [winner, failing]) {
      const tiers = made.round.jackpot?.[0]?.tiers ?? [];
      if (tiers[0]) tiers[0].hit = true;
    }
    const winsBefore = await server.store.pool.query(
      `select count(*)::int as n from jackpot_wins where tier_id = 'jpt_ob_0'`,
    );
    const cycleBefore = await server.store.pool.query(
      `select cycle from jackpot_tiers where id = 'jpt_ob_0'`,
    );
    // The failing round's win cannot be written (a fault inside its claim, after its opening).
    await server.store.pool.query(`create function pg_temp_fail_claim() returns trigger language plpgsql as $$
      begin raise exception 'claim fault for %', new.round_id; end $$`);
    await server.store.pool.query(
      `create trigger fail_claim before insert on jackpot_wins for each row
         when (new.round_id = '${failing.round.id}') execute function pg_temp_fail_claim()`,
    );
    let answers: PromiseSettledResult<Awaited<ReturnType<LedgerRepo['openCallbackRound']>>>[];
    try {
      answers = await Promise.allSettled(
        [winner, failing].map((made, i) =>
          ledger.openCallbackRound(made.round, guardOf(sessions[i] as SessionOf), made.debit, GIVE_UP_MS),
        ),
      );
    } finally {
      await server.store.pool.query('drop trigger fail_claim on jackpot_wins');
      await server.store.pool.query('drop function pg_temp_fail_claim()');
    }
    expect(answers[0]).toMatchObject({ status: 'fulfilled', value: { result: 'opened' } });
    expect(answers[1]).toMatchObject({ status: 'rejected', reason: expect.objectContaining({}) });
    expect(String((answers[1] as PromiseRejectedResult).reason)).toMatch(/claim fault/);
    // The failing round is not there, nor any of its claim: one win, one cycle on, the winner's.
    const rounds = await server.store.pool.query(`select id from rounds where id = any($1)`, [
      [winner.round.id, failing.round.id],
    ]);
    expect(rounds.rows.map((row) => row.id)).toEqual([winner.round.id]);
    const wins = await server.store.pool.query(
      `select round_id from jackpot_wins where tier_id = 'jpt_ob_0' order by created_at desc limit 2`,
    );
    expect(Number(winsBefore.rows[0].n) + 1).toBe(
      Number(
        (
          await server.store.pool.query(
            `select count(*)::int as n from jackpot_wins where tier_id = 'jpt_ob_0'`,
          )
        ).rows[0].n,
      ),
    );
    expect(wins.rows[0]?.round_id).toBe(winner.round.id);
    const cycleAfter = await server.store.pool.query(`select cycle from jackpot_tiers where id = 'jpt_ob_0'`);
    expect(BigInt(cycleAfter.rows[0].cycle)).toBe(BigInt(cycleBefore.rows[0].cycle) + 1n);
    const pendingWins = await server.store.pool.query(
      `select count(*)::int as n from jackpot_pending where pool_id = $1 and kind = 'win' and round_id = $2`,
      [POOL, failing.round.id],
    );
    expect(pendingWins.rows[0].n).toBe(0);
    // The statement's entry and sums hold the opened round alone (made again by the store).
    const entries = (await contributions()).slice(before);
    expect(entries.map((entry) => entry.round_ids)).toEqual([[winner.round.id]]);
    expect(await shards()).toEqual({ m0: '120', m1: '44', r1: '20' });
  });
});
