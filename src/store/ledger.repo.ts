// The round ledger's writes: each is one call of a plpgsql function that commits a round step and
// its wallet rows together (functions/rf_play_internal_round.sql, rf_play_demo_round.sql; the
// callback round's steps: rf_open_callback_round.sql, rf_record_debit.sql, rf_record_delivery.sql).
// The steps a spin waits for are batched: those of one event-loop turn go in one statement and one
// commit (rf_play_internal_rounds.sql, rf_callback_steps.sql). Every function answers its outcome
// as text, with nothing written unless it went ahead; an error from one is a fault. Rounds and
// transactions reach these functions as JSON, packed here and nowhere else.
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { batchWriter } from './batch.ts';
import { pgTextArray } from './literals.ts';
import type { JackpotFeed, NewRound } from './rounds.repo.ts';
import type { Database } from './schema.ts';
import type { WalletTxRow } from './wallet.repo.ts';

export type WalletMode = 'internal' | 'callback';

/** A round as the ledger functions take it (as JSON): its columns, amounts as decimal text. */
function roundColumns(round: NewRound, walletMode: WalletMode) {
  return {
    id: round.id,
    session_id: round.session_id,
    operator_id: round.operator_id,
    player_id: round.player_id,
    game_symbol: round.game_symbol,
    currency: round.currency,
    variant: round.variant,
    wallet_mode: walletMode,
    client_round_id: round.client_round_id,
    kind: round.kind,
    mode: round.mode,
    coin: round.coin.toString(),
    bet_level: round.bet_level,
    stake: round.stake.toString(),
    win: round.win.toString(),
    state_before: round.state_before,
    state_after: round.state_after,
    outcome: round.outcome,
    created_at: round.created_at.toISOString(),
    free_round_grant_id: round.free_round_grant_id,
    // A round of a grant: whether it takes one of the grant's rounds or is a feature spin of one.
    free_round: round.free_round ? { new_round: round.free_round.new_round } : null,
    certificate_hash: round.certificate_hash,
    ...(round.jackpot && round.jackpot.length > 0 ? { jackpot: round.jackpot } : {}),
    // No jurisdiction: the round's profile comes from its session row in the same statement
    // (rf_play_internal_round, rf_open_callback_round; the insert trigger for demo rounds).
  };
}

/** The tiers a pool's shard rows hold (functions/rf_jackpot_shard_add.sql: element = position + 1). */
const POOL_TIERS = 8;

/**
 * The pools a statement's fed rounds feed, as the batch functions take them (p_pools: see
 * functions/rf_jackpot_add.sql): for each pool, its rounds' shares summed per tier and the text of its
 * 'contributions' ledger entry, each round's public share in the statement's order. Made here, where
 * it is a loop over objects already in hand, rather than by the statement, where grouping, summing and
 * building JSON cost more than the rest of a fed round's work (bench/ANALYSIS.md). A round's share
 * leaves out its tiers' "hit", "check" and "next": whether a hidden point is near, and the next
 * cycle's point, stay out of the public record. Null when no round feeds a pool.
 */
export function jackpotPools(
  rounds: ReadonlyArray<{
    id: string;
    operator_id: string;
    currency: string;
    stake: bigint | string;
    jackpot?: readonly JackpotFeed[] | null;
  }>,
): string | null {
  const pools = new Map<
    string,
    { meter: bigint[]; reserve: bigint[]; roundIds: string[]; rounds: object[] }
  >();
  for (const round of rounds) {
    for (const feed of round.jackpot ?? []) {
      let pool = pools.get(feed.pool_id);
      if (!pool) {
        pool = {
          meter: Array<bigint>(POOL_TIERS).fill(0n),
          reserve: Array<bigint>(POOL_TIERS).fill(0n),
          roundIds: [],
          rounds: [],
        };
        pools.set(feed.pool_id, pool);
      }
      const tiers = feed.tiers.map((tier) => {
        if (!Number.isInteger(tier.position) || tier.position < 0 || tier.position >= POOL_TIERS)
          throw new Error(
            `jackpot tier ${tier.tier_id}: position ${tier.position} is outside 0–${POOL_TIERS - 1}`,
          );
        pool.meter[tier.position] = (pool.meter[tier.position] as bigint) + BigInt(tier.meter);
        pool.reserve[tier.position] = (pool.reserve[tier.position] as bigint) + BigInt(tier.reserve);
        return {
          tier_id: tier.tier_id,
          position: tier.position,
          meter: tier.meter,
          reserve: tier.reserve,
          dust: tier.dust,
        };
      });
      pool.roundIds.push(round.id);
      pool.rounds.push({
        round_id: round.id,
        operator_id: round.operator_id,
        currency: round.currency,
        stake: round.stake.toString(),
        rate: [feed.num, feed.den],
        tiers,
      });
    }
  }
  if (pools.size === 0) return null;
  return JSON.stringify(
    [...pools].map(([poolId, pool]) => ({
      pool_id: poolId,
      meter: `{${pool.meter.join(',')}}`,
      reserve: `{${pool.reserve.join(',')}}`,
      round_ids: pgTextArray(pool.roundIds),
      body: JSON.stringify({ rounds: pool.rounds }),
    })),
  );
}

function roundJson(round: NewRound, walletMode: WalletMode): string {
  return JSON.stringify(roundColumns(round, walletMode));
}

/** A callback round as its opening takes it: with the hash of the session token it was played under. */
function guardedRoundColumns(round: NewRound, guard: SessionGuard) {
  return { ...roundColumns(round, 'callback'), session_token_hash: guard.tokenHash.toString('hex') };
}

/** The session the internal round's statement checks again (token, expiry, state version). */
export interface SessionGuard {
  tokenHash: Buffer;
  stateVersion: bigint;
  expiresAt: Date;
}

export type InternalPlay =
  | {
      result: 'played' | 'duplicate';
      roundId: string;
      balance: bigint | null;
      /** The jackpot tiers this round won, paid with it (played only). */
      jackpotWins: JackpotWin[];
    }
  | { result: 'insufficient_funds' }
  | { result: 'stale' }
  | { result: 'revalidate' }
  /** A free round the grant refused (used up, expired, cancelled, not started, not found). */
  | { result: 'refused'; reason: string };

/** What rf_claim_free_round may refuse a round with (over the cap comes back as stale). */
const GRANT_REFUSALS: ReadonlySet<string> = new Set([
  'not_found',
  'cancelled',
  'max_win_reached',
  'used_up',
  'expired',
  'not_started',
]);

/** A jackpot tier a round won, as rf_jackpot_feed answers it. */
export interface JackpotWin {
  win_id: string;
  tx_id: string;
  tier_id: string;
  tier: string;
  pool_id: string;
  /** Minor units of the round's currency. */
  amount: bigint;
}

function jackpotWins(value: unknown): JackpotWin[] {
  if (!Array.isArray(value)) return [];
  return value.map((win: Record<string, unknown>) => ({
    win_id: String(win.win_id),
    tx_id: String(win.tx_id),
    tier_id: String(win.tier_id),
    tier: String(win.tier),
    pool_id: String(win.pool_id),
    amount: BigInt(String(win.amount)),
  }));
}

/** A row of rf_play_internal_round or rf_play_demo_round, as the caller's closed answer. */
function internalPlay(row: {
  result: string;
  round_id: string | null;
  balance: bigint | null;
  jackpot?: unknown;
}): InternalPlay {
  switch (row.result) {
    case 'played':
    case 'duplicate':
      return {
        result: row.result,
        roundId: row.round_id as string,
        balance: row.balance,
        jackpotWins: jackpotWins(row.jackpot),
      };
    case 'insufficient_funds':
    case 'stale':
    case 'revalidate':
      return { result: row.result };
  }
  if (GRANT_REFUSALS.has(row.result)) return { result: 'refused', reason: row.result };
  throw new Error(`a round's statement answered ${row.result}`);
}

const OPEN_ANSWERS: ReadonlySet<string> = new Set(['opened', 'existing', 'stale', 'busy', 'blocked']);

/** rf_open_callback_round's answer, as the caller's closed answer. */
function openResult(result: string): OpenResult {
  if (OPEN_ANSWERS.has(result)) return result as Exclude<OpenResult, { refused: string }>;
  if (GRANT_REFUSALS.has(result)) return { refused: result };
  throw new Error(`rf_open_callback_round answered ${result}`);
}

/**
 * A transaction row as the callback step functions take it: the row, its amount as text, and how
 * long its first lease runs (0: due at once).
 */
export type NewWalletTx = Pick<
  WalletTxRow,
  'id' | 'round_id' | 'operator_id' | 'player_id' | 'game_symbol' | 'currency' | 'type' | 'amount' | 'body'
> & { action_type: string; original_transaction_id: string | null; due_in_ms: number };

function txColumns(tx: NewWalletTx) {
  return { ...tx, amount: tx.amount.toString(), attempts: tx.due_in_ms > 0 ? 1 : 0 };
}

function txJson(tx: NewWalletTx): string {
  return JSON.stringify(txColumns(tx));
}

/** One attempt of a wallet call as the attempt log stores it. */
export interface AttemptLog {
  transaction_id: string;
  request_id: string;
  started_at: string;
  latency_ms: number;
  http_status: number | null;
  result: 'acknowledged' | 'rejected' | 'failed';
  error: string | null;
  response_body: string | null;
}

interface InternalItem {
  round: NewRound;
  guard: SessionGuard;
  ids: { debit: string; credit: string };
  startBalance: bigint;
}

interface InternalRow {
  item: number;
  result: string;
  round_id: string | null;
  balance: bigint | null;
  jackpot: unknown;
}

/** Batch order: by player balance row, then session, so concurrent batches lock rows alike. */
function internalItemKey(item: InternalItem): string {
  const { round } = item;
  return `${round.operator_id}\n${round.player_id}\n${round.currency}\n${round.session_id}`;
}

function internalItemJson(item: InternalItem) {
  return {
    round: roundColumns(item.round, 'internal'),
    token_hash: item.guard.tokenHash.toString('hex'),
    now: item.round.created_at.toISOString(),
    state_version: item.guard.stateVersion.toString(),
    expires_at: item.guard.expiresAt.toISOString(),
    debit_id: item.ids.debit,
    credit_id: item.ids.credit,
    action_type: item.round.action_type,
    start_balance: item.startBalance.toString(),
  };
}

export type OpenResult = 'opened' | 'existing' | 'stale' | 'busy' | 'blocked' | { refused: string };
/** An opening's answer, with the jackpot tiers an opened round won in the same write. */
export interface OpenAnswer {
  result: OpenResult;
  jackpotWins: JackpotWin[];
}
export type DebitRecorded = 'credit' | 'rejected' | 'rollback' | 'late';

interface OpenItem {
  round: NewRound;
  guard: SessionGuard;
  first: NewWalletTx;
  giveUpAfterMs: number;
}

interface DebitItem {
  /** Whether the commit waits for the disk (round-machine.ts: the transition's `durable`). */
  durable: boolean;
  debitId: string;
  attempt: AttemptLog | null;
  answer: AttemptLog['result'];
  balance: bigint | null;
  error: string | null;
  next: NewWalletTx | null;
  /** With an acknowledgement: the round's jackpot credits, written with its credit. */
  jackpot: NewWalletTx[];
  giveUpAfterMs: number;
}

interface DeliveryItem {
  txId: string;
  attempt: AttemptLog;
  balance: bigint | null;
  error: string | null;
  retryInMs: number;
}

/** A delivery's record: when the credit's round is settled, the moment the database closed it. */
export interface DeliveryRecorded {
  settledAt: Date | null;
}

/** timestamptz text as the pg driver reads it in any row, so both ways give the same Date. */
const parseTimestamptz: (text: string) => Date = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ);

/** One item's answer from a batch function: its result, or the error that item alone met. */
type ItemRow = { item: number; result: string; detail: string | null };

/** The batch's answers in item order; an item whose step failed gets its error, as its own statement would. */
function itemResults<R>(
  rows: ItemRow[],
  count: number,
  name: string,
  answerOf: (row: ItemRow) => R,
): Array<R | { failed: Error }> {
  const byItem = new Map(rows.map((row) => [row.item, row]));
  return Array.from({ length: count }, (_unused, position) => {
    const row = byItem.get(position);
    if (!row) throw new Error(`${name} answered no row for item ${position}`);
    if (row.result !== 'failed') return answerOf(row);
    const [code = '', ...message] = (row.detail ?? '').split(' ');
    return { failed: Object.assign(new Error(`${name}: ${message.join(' ')}`), { code }) };
  });
}

function unwrap<R>(result: R | { failed: Error }): R {
  if (typeof result === 'object' && result !== null && 'failed' in result) throw result.failed;
  return result as R;
}

export function ledgerRepo(db: Kysely<Database>) {
  /**
   * Callback step 2: a debit's answer (or, with no attempt, its abandonment) and the row that
   * follows it (the credit, or the rollback). Answers what the store decided.
   */
  async function recordDebit(
    debitId: string,
    attempt: AttemptLog | null,
    answer: AttemptLog['result'],
    balance: bigint | null,
    error: string | null,
    next: NewWalletTx | null,
    giveUpAfterMs: number,
    options: { durable: boolean; executor?: Kysely<Database>; jackpot?: NewWalletTx[] },
  ): Promise<DebitRecorded> {
    const { durable, executor = db, jackpot = [] } = options;
    // A spin's debit answer joins the batch of its event-loop turn; the retry worker's abandonment
    // runs in the worker's own transaction (durable: it writes a rollback).
    if (executor === db) {
      return unwrap(
        await debitBatches.write({
          durable,
          debitId,
          attempt,
          answer,
          balance,
          error,
          next,
          jackpot,
          giveUpAfterMs,
        }),
      );
    }
    if (jackpot.length > 0)
      throw new Error('jackpot credits are written only with a debit answer of the batch');
    const { rows } = await sql<{ result: DebitRecorded }>`
      select rf_record_debit(${debitId}, ${attempt ? JSON.stringify(attempt) : null}::jsonb, ${answer},
        ${balance?.toString() ?? null}::bigint, ${error}, ${next ? txJson(next) : null}::jsonb,
        ${giveUpAfterMs}) as result`.execute(executor);
    const result = rows[0]?.result;
    if (!result) throw new Error('rf_record_debit answered no row');
    return result;
  }

  /**
   * Callback steps of one event-loop turn: one statement and one commit for the batch
   * (rf_callback_steps, the step named in the statement's text); each item's answer, or the error
   * that item alone met, comes back in item order.
   */
  function stepBatches<I, R>(
    step: 'open' | 'debit' | 'delivery',
    keyOf: (item: I) => string,
    columns: (item: I) => unknown,
    answerOf: (row: ItemRow) => R = (row) => row.result as R,
    /** True when no item of the batch needs its commit on disk before its next wallet call. */
    relaxed: (items: I[]) => boolean = () => false,
    /** The jackpot pools the batch's rounds feed (openings: see jackpotPools). */
    pools: (items: I[]) => string | null = () => null,
  ) {
    return batchWriter<I, R | { failed: Error }>(keyOf, async (items) => {
      const batch = JSON.stringify(items.map(columns));
      const fed = pools(items);
      // synchronous_commit is read at commit: set anywhere in the statement, it decides this commit.
      const { rows } = relaxed(items)
        ? await sql<ItemRow>`
            select d.* from set_config('synchronous_commit', 'off', true) s,
              rf_callback_steps(${sql.lit(step)}, ${batch}::jsonb, ${fed}::jsonb) d`.execute(db)
        : await sql<ItemRow>`select * from rf_callback_steps(${sql.lit(step)}, ${batch}::jsonb, ${fed}::jsonb)`.execute(
            db,
          );
      return itemResults<R>(rows, items.length, `rf_callback_steps ${step}`, answerOf);
    });
  }
  // Opens go in session order (a session's row lock is the first each takes); a session has at most
  // one debit waiting for its answer, so debit answers of one batch never share a session.
  const openBatches = stepBatches<OpenItem, OpenAnswer>(
    'open',
    (item) => item.round.session_id,
    (item) => ({
      round: guardedRoundColumns(item.round, item.guard),
      state_version: item.guard.stateVersion.toString(),
      expires_at: item.guard.expiresAt.toISOString(),
      first: txColumns(item.first),
      give_up_ms: item.giveUpAfterMs,
    }),
    (row) => ({
      result: openResult(row.result),
      jackpotWins: row.result === 'opened' && row.detail !== null ? jackpotWins(JSON.parse(row.detail)) : [],
    }),
    undefined,
    (items) => jackpotPools(items.map((item) => item.round)),
  );
  const debitBatches = stepBatches<DebitItem, DebitRecorded>(
    'debit',
    (item) => item.debitId,
    (item) => ({
      debit_id: item.debitId,
      attempt: item.attempt,
      answer: item.answer,
      balance: item.balance?.toString() ?? null,
      error: item.error,
      next: item.next ? txColumns(item.next) : null,
      ...(item.jackpot.length > 0 ? { jackpot: item.jackpot.map(txColumns) } : {}),
      give_up_ms: item.giveUpAfterMs,
    }),
    undefined,
    // An acknowledged debit's record (and the credit row in it) can be re-driven from the opening
    // record should the database lose it; a rejection or a rollback cannot (round-machine.ts).
    (items) => items.every((item) => !item.durable),
  );
  // A credit whose round is settled answers the round's finished_at, as the database's own text,
  // read by the same parser a read of the round goes through.
  const deliveryBatches = stepBatches<DeliveryItem, DeliveryRecorded>(
    'delivery',
    (item) => item.txId,
    (item) => ({
      tx_id: item.txId,
      attempt: item.attempt,
      acknowledged: item.attempt.result === 'acknowledged',
      balance: item.balance?.toString() ?? null,
      error: item.error,
      retry_in_ms: item.retryInMs,
    }),
    (row) =>
      row.result === 'settled' && row.detail !== null
        ? { settledAt: parseTimestamptz(row.detail) }
        : { settledAt: null },
  );

  const internalBatches = batchWriter<InternalItem, InternalPlay>(internalItemKey, async (items) => {
    const { rows } = await sql<InternalRow>`
      select * from rf_play_internal_rounds(${JSON.stringify(items.map(internalItemJson))}::jsonb,
        ${jackpotPools(items.map((item) => item.round))}::jsonb)`.execute(db);
    const byItem = new Map(rows.map((row) => [row.item, row]));
    return items.map((_item, position): InternalPlay => {
      const row = byItem.get(position);
      if (!row) throw new Error(`rf_play_internal_rounds answered no row for item ${position}`);
      return internalPlay(row);
    });
  });

  return {
    /**
     * An internal-wallet round, its debit and credit, their balance entries and the session's new
     * state, all or nothing, idempotent by the click id; `startBalance` is a new player's balance.
     * Rounds asked for in the same turn of the event loop are written by one statement and one
     * commit (rf_play_internal_rounds): the commit's disk flush, not the rows, bounds this path.
     * A free round, with its share of the grant, is a statement of its own (never batched).
     */
    async playInternalRound(
      round: NewRound,
      guard: SessionGuard,
      ids: { debit: string; credit: string },
      startBalance: bigint,
    ): Promise<InternalPlay> {
      if (!round.free_round) return internalBatches.write({ round, guard, ids, startBalance });
      // Its stake is 0: no debit, and its credit is the win.
      const { rows } = await sql<Omit<InternalRow, 'item'>>`
        select * from rf_play_internal_round(${roundJson(round, 'internal')}::jsonb, ${guard.tokenHash},
          ${round.created_at}, ${guard.stateVersion.toString()}::bigint, ${guard.expiresAt}, ${ids.credit},
          ${ids.credit}, ${round.action_type}, ${startBalance.toString()}::bigint)`.execute(db);
      const row = rows[0];
      if (!row) throw new Error('rf_play_internal_round answered no row');
      return internalPlay(row);
    },

    /**
     * Callback step 1: the round and its first transaction, committed before any wallet call.
     * 'stale' also when the session no longer has the guard's token or has expired, so the caller
     * may have read the session from its cache.
     */
    async openCallbackRound(
      round: NewRound,
      guard: SessionGuard,
      first: NewWalletTx,
      giveUpAfterMs: number,
    ): Promise<OpenAnswer> {
      if (!round.free_round) {
        // Rounds opened in the same turn of the event loop share one statement and one commit.
        return unwrap(await openBatches.write({ round, guard, first, giveUpAfterMs }));
      }
      // A free round, with its share of the grant, is a statement of its own (never batched).
      const { rows } = await sql<{ result: string }>`
        select rf_open_callback_round(${JSON.stringify(guardedRoundColumns(round, guard))}::jsonb,
          ${guard.stateVersion.toString()}::bigint, ${guard.expiresAt}, ${txJson(first)}::jsonb,
          ${giveUpAfterMs}) as result`.execute(db);
      const result = rows[0]?.result;
      if (!result) throw new Error('rf_open_callback_round answered no row');
      // A free round stakes nothing, so it feeds and wins no jackpot.
      return { result: openResult(result), jackpotWins: [] };
    },

    /**
     * A demo round: the fun balance and the demo round in one statement, idempotent by the click
     * id; nothing of it reaches the money ledger.
     */
    async playDemoRound(round: NewRound, guard: SessionGuard, startBalance: bigint): Promise<InternalPlay> {
      const { rows } = await sql<Omit<InternalRow, 'item'>>`
        select * from rf_play_demo_round(${roundJson(round, 'internal')}::jsonb, ${guard.tokenHash},
          ${round.created_at}, ${guard.stateVersion.toString()}::bigint, ${guard.expiresAt},
          ${startBalance.toString()}::bigint)`.execute(db);
      const row = rows[0];
      if (!row) throw new Error('rf_play_demo_round answered no row');
      return internalPlay(row);
    },

    recordDebit,

    /**
     * Callback step 3: a credit's or rollback's attempt; acknowledged closes the round. Its commit
     * does not wait for the disk flush: should a crash lose this record, the transaction is still
     * pending under the same transaction_id, so the worker sends it again and the wallet answers
     * the repeat idempotently. Money never depends on it (the intent rows before each call do).
     */
    async recordDelivery(
      txId: string,
      attempt: AttemptLog,
      balance: bigint | null,
      error: string | null,
      retryInMs: number,
    ): Promise<DeliveryRecorded> {
      // Records of one event-loop turn share one statement (rf_callback_steps 'delivery').
      return unwrap(await deliveryBatches.write({ txId, attempt, balance, error, retryInMs }));
    },

    /**
     * A debit whose lease ran out unanswered gets its rollback, due at once; the debit row is
     * locked (skipped when another node holds it) so only one node writes that rollback.
     */
    async abandonStaleDebit(
      debitId: string,
      rollbackOf: (debit: WalletTxRow) => NewWalletTx,
      giveUpAfterMs: number,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const debit = await trx
          .selectFrom('wallet_transactions')
          .selectAll()
          .where('id', '=', debitId)
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', sql<Date>`clock_timestamp()`)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!debit) return;
        await recordDebit(
          debit.id,
          null,
          'failed',
          null,
          'no answer recorded before the lease ran out',
          rollbackOf(debit),
          giveUpAfterMs,
          { durable: true, executor: trx },
        );
      });
    },

    /**
     * A stale debit taken for re-driving: its lease moves `leaseMs` ahead (skipped when another node
     * holds the row or the debit is no longer pending), with what its credit needs from the round.
     */
    async claimStaleDebit(
      debitId: string,
      leaseMs: number,
    ): Promise<{ debit: WalletTxRow; win: bigint; playedAt: Date; jackpotWins: JackpotWin[] } | undefined> {
      return db.transaction().execute(async (trx) => {
        const debit = await trx
          .selectFrom('wallet_transactions')
          .selectAll()
          .where('id', '=', debitId)
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', sql<Date>`clock_timestamp()`)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!debit) return undefined;
        const round = await trx
          .selectFrom('rounds')
          .select(['win', 'created_at'])
          .where('id', '=', debit.round_id)
          .executeTakeFirstOrThrow();
        const claimed = await trx
          .updateTable('wallet_transactions')
          .set({
            next_attempt_at: sql<Date>`clock_timestamp() + make_interval(secs => ${leaseMs / 1000})`,
            attempts: sql<number>`attempts + 1`,
          })
          .where('id', '=', debitId)
          .returningAll()
          .executeTakeFirstOrThrow();
        const { rows: won } = await sql<Record<string, unknown>>`
          select w.id as win_id, w.transaction_id as tx_id, w.tier_id, t.name as tier, w.pool_id, w.amount
            from jackpot_wins w join jackpot_tiers t on t.id = w.tier_id
            where w.round_id = ${debit.round_id} and w.status = 'won'`.execute(trx);
        return { debit: claimed, win: round.win, playedAt: round.created_at, jackpotWins: jackpotWins(won) };
      });
    },

    /** A re-driven debit that got no answer again: its attempt, and the next one after `retryInMs`. */
    async deferDebit(debitId: string, attempt: AttemptLog, error: string, retryInMs: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await sql`select rf_insert_wallet_attempt(${JSON.stringify(attempt)}::jsonb)`.execute(trx);
        await trx
          .updateTable('wallet_transactions')
          .set({
            last_error: error,
            next_attempt_at: sql<Date>`clock_timestamp() + make_interval(secs => ${retryInMs / 1000})`,
          })
          .where('id', '=', debitId)
          .where('status', '=', 'pending')
          .execute();
      });
    },
  };
}

export type LedgerRepo = ReturnType<typeof ledgerRepo>;
