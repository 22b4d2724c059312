// The database's ceiling for a spin, measured in the same run as the spins themselves: plain `pg`
// clients (no HTTP, no engine, no Reelforge code on the path) commit the same internal-wallet
// round the spin commits, through the same function (rf_play_internal_rounds with one round per
// call, each call its own durable commit), on the same tables of the same PostgreSQL, one client
// per connection the spin load uses. Each client owns its sessions, as a player does.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { LAUNCH_SQL } from '../src/store/sessions.repo.ts';
import { spread } from './http.ts';

export interface CeilingOptions {
  databaseUrl: string;
  /** Session tokens launched for the ceiling (not used by the HTTP load). */
  tokens: string[];
  clients: number;
  /**
   * 'function' (default): the spin's own function, rf_play_internal_rounds. 'minimal': the least a
   * spin-shaped transaction does, one balance update and one round insert in one statement, the
   * floor the internal round's PostgreSQL CPU is compared with (issue 27). 'callback-minimal': the
   * least a callback round commits under the contract's and DESIGN's rules (CALLBACK_MINIMAL_SQL),
   * the floor the callback round's is compared with. 'callback-two-commits': the same with the
   * debit's answer recorded only with the credit's (CALLBACK_TWO_COMMITS_SQL), what those rules cost.
   */
  shape?: CeilingShape;
}

export type CeilingShape = 'function' | 'minimal' | 'callback-minimal' | 'callback-two-commits';

export interface CeilingResult {
  roundsPerSecond: number;
  /** Transactions committed in the turn. */
  committed: number;
  p50: number;
  p99: number;
  refused: number;
}

/** A stored copper-sevens outcome as the spin writes it (same size of JSON). */
function outcomeJson(): unknown {
  return {
    kind: 'base',
    bet: { coin: '1', betLevel: 1, mode: 'base' },
    stake: '5',
    coins: 0,
    totalWin: '0',
    sequenceWin: '0',
    capped: false,
    wins: [],
    features: [],
    screens: [
      {
        symbols: [
          [3, 1, 4],
          [1, 5, 2],
          [6, 2, 0],
        ],
        values: null,
      },
    ],
    draws: [812, 113, 1040],
  };
}

/** The ceiling's clients, connected once and each owning its sessions, measured in as many turns as asked. */
export interface CeilingRunner {
  measure(durationMs: number): Promise<CeilingResult>;
  close(): Promise<void>;
}

/**
 * Connects the ceiling's clients before any turn is timed, and keeps them (and their backends' warm
 * plans) from turn to turn, so that a short turn measures commits, not connection set-up.
 */
export async function openCeiling(options: CeilingOptions): Promise<CeilingRunner> {
  const setup = new pg.Client({ connectionString: options.databaseUrl });
  await setup.connect();
  const hashes = options.tokens.map((token) => createHash('sha256').update(token).digest());
  const { rows } = await setup.query<{
    id: string;
    token_hash: Buffer;
    operator_id: string;
    player_id: string;
    game_symbol: string;
    currency: string;
    state_version: string;
    state: unknown;
  }>(
    `select id, token_hash, operator_id, player_id, game_symbol, currency, state_version::text, state
       from game_sessions where token_hash = any($1::bytea[])`,
    [hashes],
  );
  await setup.end();
  const sessions = rows.map((row) => ({ ...row, version: BigInt(row.state_version) }));
  const outcome = outcomeJson();
  const prefix = randomBytes(4).toString('hex');
  let n = 0;
  const perClient = Math.max(1, Math.floor(sessions.length / options.clients));
  const connections = await connectClients(options.databaseUrl, options.clients);
  const clients = connections
    .map((connection, c) => ({ connection, owned: sessions.slice(c * perClient, (c + 1) * perClient), i: 0 }))
    .filter((client) => client.owned.length > 0);
  return turnsOf(connections, clients, async (client) => {
    const session = client.owned[client.i++ % client.owned.length] as (typeof sessions)[number];
    n += 1;
    const now = new Date();
    const item = {
      round: {
        id: `rnd_c${prefix}${n}`,
        session_id: session.id,
        operator_id: session.operator_id,
        player_id: session.player_id,
        game_symbol: session.game_symbol,
        currency: session.currency,
        variant: '96.5',
        wallet_mode: 'internal',
        client_round_id: `ceiling-${prefix}-${n}`,
        kind: 'base',
        mode: 'base',
        coin: '1',
        bet_level: 1,
        stake: '5',
        win: '0',
        state_before: session.state,
        state_after: session.state,
        outcome,
        created_at: now.toISOString(),
      },
      token_hash: session.token_hash.toString('hex'),
      now: now.toISOString(),
      state_version: session.version.toString(),
      expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
      debit_id: `tx_cd${prefix}${n}`,
      credit_id: `tx_cc${prefix}${n}`,
      action_type: 'spin',
      start_balance: '100000000000',
    };
    if (options.shape === 'callback-minimal' || options.shape === 'callback-two-commits') {
      const round = JSON.stringify({ ...item.round, wallet_mode: 'callback' });
      const body = callbackBodyLike(item.round, item.debit_id);
      const key = [item.round.id, item.round.created_at];
      const steps: Array<[string, string, unknown[]]> =
        options.shape === 'callback-minimal'
          ? [
              ['rf_bench_callback_open', CALLBACK_MINIMAL_SQL.open, [round, item.debit_id, body]],
              [
                'rf_bench_callback_debited',
                CALLBACK_MINIMAL_SQL.debited,
                [...key, item.debit_id, item.credit_id, body],
              ],
              ['rf_bench_callback_settled', CALLBACK_MINIMAL_SQL.settled, [...key, item.credit_id]],
            ]
          : [
              ['rf_bench_callback_open', CALLBACK_MINIMAL_SQL.open, [round, item.debit_id, body]],
              [
                'rf_bench_callback_both',
                CALLBACK_TWO_COMMITS_SQL,
                [...key, item.debit_id, item.credit_id, body],
              ],
            ];
      for (const [name, text, values] of steps) {
        const done = await client.connection.query({ name, text, values });
        if (done.rowCount !== 1) return false;
      }
      return true;
    }
    if (options.shape === 'minimal') {
      const inserted = await client.connection.query({
        name: 'rf_bench_minimal_spin',
        text: MINIMAL_SPIN_SQL,
        values: [JSON.stringify(item.round)],
      });
      return inserted.rowCount === 1;
    }
    const result = await client.connection.query<{ result: string }>(
      'select result from rf_play_internal_rounds($1::jsonb)',
      [JSON.stringify([item])],
    );
    if (result.rows[0]?.result !== 'played') return false;
    session.version += 1n;
    return true;
  });
}

/**
 * One balance update and one round insert, one statement and one durable commit: the least any
 * spin commits. The player's balance row must exist (the function ceiling's turns write it first).
 */
const MINIMAL_SPIN_SQL = `
  with r as (select * from jsonb_populate_record(null::rounds, $1::jsonb)),
  paid as (
    update wallet_balances b set balance = b.balance - r.stake + r.win, updated_at = r.created_at
      from r where b.operator_id = r.operator_id and b.player_id = r.player_id and b.currency = r.currency
      returning b.balance)
  insert into rounds (id, session_id, operator_id, player_id, game_symbol, currency, variant, wallet_mode,
      client_round_id, status, stage, kind, mode, coin, bet_level, stake, win, state_before, state_after,
      outcome, created_at, finished_at, jurisdiction_code)
    select r.id, r.session_id, r.operator_id, r.player_id, r.game_symbol, r.currency, r.variant, 'internal',
      r.client_round_id, 'settled', 'done', r.kind, r.mode, r.coin, r.bet_level, r.stake, r.win, r.state_before,
      r.state_after, r.outcome, r.created_at, r.created_at, 'default'
    from r, paid`;

/** A wallet call's body of the size the node sends (its exact bytes do not matter to the database). */
function callbackBodyLike(
  round: { id: string; operator_id: string; player_id: string; game_symbol: string; currency: string },
  transactionId: string,
): string {
  return JSON.stringify({
    operator_id: round.operator_id,
    player_id: round.player_id,
    session_id: `ses_${'0'.repeat(40)}`,
    game_symbol: round.game_symbol,
    currency: round.currency,
    transaction_id: transactionId,
    transaction_type: 'debit',
    action_type: 'spin',
    amount: '0.05',
    round_id: round.id,
    round_finished: false,
    round_details_url: `https://rgs.example/rounds/${round.id}?sig=${'0'.repeat(64)}`,
  });
}

/**
 * The least a callback round commits under the contract's and DESIGN's rules, one statement a
 * transaction: `open`, flushed before the debit call (the round and its debit: a debit is never
 * sent twice, so it must be on disk first); `debited`, committed before the credit call without
 * waiting for the disk (the debit's answer, the round's stage and the credit: no rollback may follow
 * a credit, so a node that dies after the credit call must find the debit answered); `settled`, the
 * same (the credit's answer, the round settled). No session state, no attempt log, no engine, no
 * guard: the floor the callback round's PostgreSQL CPU is compared with, as MINIMAL_SPIN_SQL is the
 * internal round's. Seven row writes.
 */
/**
 * The start of every statement after the opening: commit without waiting for the disk, and the
 * wallet transaction $3 of the round ($1, $2) acknowledged, once.
 */
const ANSWERED = `
    with relaxed as (select set_config('synchronous_commit', 'off', true)),
    answered as (
      update wallet_transactions t set status = 'acknowledged', balance_after = 100000, finished_at = now()
        from relaxed where t.id = $3 and t.round_created_at = $2 and t.status = 'pending'
        returning t.id)`;

const CALLBACK_MINIMAL_SQL = {
  open: `
    with r as (select * from jsonb_populate_record(null::rounds, $1::jsonb)),
    made as (
      insert into rounds (id, session_id, operator_id, player_id, game_symbol, currency, variant, wallet_mode,
          client_round_id, status, stage, kind, mode, coin, bet_level, stake, win, state_before, state_after,
          outcome, created_at, jurisdiction_code)
        select r.id, r.session_id, r.operator_id, r.player_id, r.game_symbol, r.currency, r.variant, 'callback',
          r.client_round_id, 'open', 'debit', r.kind, r.mode, r.coin, r.bet_level, r.stake, r.win, r.state_before,
          r.state_after, r.outcome, r.created_at, 'default'
        from r
        returning id, created_at, operator_id, player_id, game_symbol, currency, stake)
    insert into wallet_transactions (id, round_id, round_created_at, operator_id, player_id, game_symbol, currency,
        wallet_mode, type, action_type, amount, body, status, attempts, next_attempt_at)
      select $2, m.id, m.created_at, m.operator_id, m.player_id, m.game_symbol, m.currency, 'callback', 'debit',
        'spin', m.stake, $3, 'pending', 1, clock_timestamp() + interval '5 seconds'
      from made m`,
  debited: `
${ANSWERED},
    staged as (
      update rounds x set stage = 'credit' from answered
        where x.id = $1 and x.created_at = $2 and x.stage = 'debit'
        returning x.id, x.created_at, x.operator_id, x.player_id, x.game_symbol, x.currency, x.win)
    insert into wallet_transactions (id, round_id, round_created_at, operator_id, player_id, game_symbol, currency,
        wallet_mode, type, action_type, amount, body, status, attempts, next_attempt_at, give_up_at)
      select $4, s.id, s.created_at, s.operator_id, s.player_id, s.game_symbol, s.currency, 'callback', 'credit',
        'spin', s.win, $5, 'pending', 1, clock_timestamp() + interval '5 seconds',
        clock_timestamp() + interval '24 hours'
      from staged s`,
  settled: `
${ANSWERED}
    update rounds x set stage = 'done', status = 'settled', finished_at = now() from answered
      where x.id = $1 and x.created_at = $2 and x.stage = 'credit'`,
};

/**
 * What the rules cost, for comparison only: the debit's answer written with the credit's, after the
 * credit call, in one commit (five row writes, two commits). A node that died between the two calls
 * would leave a round whose debit looks unanswered although its credit was paid, and the rules allow
 * neither way out (a debit is never sent again; no rollback follows a credit): Reelforge does not
 * do this.
 */
const CALLBACK_TWO_COMMITS_SQL = `
${ANSWERED},
    settled as (
      update rounds x set stage = 'done', status = 'settled', finished_at = now() from answered
        where x.id = $1 and x.created_at = $2 and x.stage = 'debit'
        returning x.id, x.created_at, x.operator_id, x.player_id, x.game_symbol, x.currency, x.win)
    insert into wallet_transactions (id, round_id, round_created_at, operator_id, player_id, game_symbol, currency,
        wallet_mode, type, action_type, amount, body, status, attempts, balance_after, finished_at)
      select $4, s.id, s.created_at, s.operator_id, s.player_id, s.game_symbol, s.currency, 'callback', 'credit',
        'spin', s.win, $5, 'acknowledged', 1, 100000, now()
      from settled s`;

export interface LaunchCeilingOptions {
  databaseUrl: string;
  operatorId: string;
  clients: number;
}

/**
 * The database's ceiling for launch-url: plain `pg` clients send the endpoint's own upsert
 * (LAUNCH_SQL, prepared under the same name, same relaxed commit) with one new player per
 * statement, each client on its own connection. The columns are copied from a session the
 * endpoint wrote in the same run, so the rows are the same size and shape.
 */
export async function openLaunchCeiling(options: LaunchCeilingOptions): Promise<CeilingRunner> {
  const setup = new pg.Client({ connectionString: options.databaseUrl });
  await setup.connect();
  const { rows } = await setup.query<Record<string, unknown>>(
    `select game_symbol, currency, device, return_url, coin::text, play_mode, jurisdiction_code,
            jurisdiction_version, player_age_band, reality_check_interval, time_limit_seconds,
            loss_limit::text, history_url, default_bet::text
       from game_sessions where operator_id = $1 limit 1`,
    [options.operatorId],
  );
  await setup.end();
  const first = rows[0];
  if (!first) throw new Error('the launch ceiling needs a session launched through the endpoint first');
  const model: Record<string, unknown> = first;
  const prefix = randomBytes(4).toString('hex');
  let n = 0;
  const connections = await connectClients(options.databaseUrl, options.clients);
  return turnsOf(connections, connections, async (connection) => {
    n += 1;
    const values = launchValues(model, options.operatorId, `${prefix}${n}`, new Date());
    const result = await connection.query({ name: 'rf_launch_sessions', text: LAUNCH_SQL, values });
    return result.rowCount === 1;
  });
}

/**
 * One launch as LAUNCH_SQL takes it (one array a column), its columns copied from `model`, a session
 * the endpoint wrote: every one of the statement's parameters (bench/ceiling.test.ts holds the two
 * to the same count; a column added to the launch once left the benchmark failing).
 */
export function launchValues(
  model: Record<string, unknown>,
  operatorId: string,
  key: string,
  now: Date,
): unknown[][] {
  return [
    `gs_c${key}`,
    operatorId,
    `ceiling-${key}`,
    model.game_symbol,
    model.currency,
    randomBytes(32),
    model.device,
    model.return_url,
    model.coin,
    new Date(now.getTime() + 3_600_000).toISOString(),
    model.play_mode,
    model.jurisdiction_code,
    model.jurisdiction_version,
    model.player_age_band,
    model.reality_check_interval,
    model.reality_check_interval === null
      ? null
      : new Date(now.getTime() + Number(model.reality_check_interval) * 1000).toISOString(),
    model.time_limit_seconds,
    model.loss_limit,
    model.history_url,
    now.toISOString(),
    model.default_bet,
  ].map((value) => [value]);
}

/** Connects `count` plain clients, before any turn is timed. */
async function connectClients(databaseUrl: string, count: number): Promise<pg.Client[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const connection = new pg.Client({ connectionString: databaseUrl });
      await connection.connect();
      return connection;
    }),
  );
}

/**
 * A ceiling's turns: every client sends `call` (one statement, timed; it answers whether it
 * committed) again and again until the turn's time is up.
 */
function turnsOf<C>(
  connections: pg.Client[],
  clients: C[],
  call: (client: C) => Promise<boolean>,
): CeilingRunner {
  return {
    async measure(durationMs) {
      const latencies: number[] = [];
      let committed = 0;
      let refused = 0;
      const deadline = performance.now() + durationMs;
      const started = performance.now();
      await Promise.all(
        clients.map(async (client) => {
          while (performance.now() < deadline) {
            const sent = performance.now();
            const ok = await call(client);
            latencies.push(performance.now() - sent);
            if (ok) committed += 1;
            else refused += 1;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((x, y) => x - y);
      const at = (q: number) =>
        Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
      return { roundsPerSecond: committed / seconds, committed, p50: at(0.5), p99: at(0.99), refused };
    },
    async close() {
      await Promise.all(connections.map((connection) => connection.end()));
    },
  };
}

/** A ceiling's turns as one row: mean rounds/s, median p50, worst p99, refusals summed. */
export function mergeCeilings(results: CeilingResult[]): CeilingResult {
  return {
    roundsPerSecond: results.reduce((sum, result) => sum + result.roundsPerSecond, 0) / results.length,
    committed: results.reduce((sum, result) => sum + result.committed, 0),
    p50: spread(results.map((result) => result.p50)).median,
    p99: Math.max(...results.map((result) => result.p99)),
    refused: results.reduce((sum, result) => sum + result.refused, 0),
  };
}
