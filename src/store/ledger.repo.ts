// The round ledger's writes: each is one call of a plpgsql function that commits a round step and
// its wallet rows together (internal rounds: migrations/002_rounds_wallet.sql; callback round
// steps: migrations/003_callback_round_steps.sql). Rounds and transactions reach these functions
// as JSON, packed here and nowhere else.
import { type Kysely, sql } from 'kysely';
import { batchWriter } from './batch.ts';
import type { NewRound } from './rounds.repo.ts';
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
  };
}

/** The session the internal round's statement checks again (token, expiry, state version). */
export interface SessionGuard {
  tokenHash: Buffer;
  stateVersion: bigint;
  expiresAt: Date;
}

export type InternalPlay =
  | { result: 'played' | 'duplicate'; roundId: string; balance: bigint | null }
  | { result: 'insufficient_funds' }
  | { result: 'stale' }
  | { result: 'revalidate' };

/**
 * A transaction row as the callback step functions take it: the row, its amount as text, and how
 * long its first lease runs (0: due at once).
 */
export type NewWalletTx = Pick<
  WalletTxRow,
  'id' | 'round_id' | 'operator_id' | 'player_id' | 'game_symbol' | 'currency' | 'type' | 'amount' | 'body'
> & { action_type: string; original_transaction_id: string | null; due_in_ms: number };

function txJson(tx: NewWalletTx): string {
  return JSON.stringify({ ...tx, amount: tx.amount.toString(), attempts: tx.due_in_ms > 0 ? 1 : 0 });
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
  result: InternalPlay['result'];
  round_id: string | null;
  balance: bigint | null;
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

export type OpenResult = 'opened' | 'existing' | 'stale' | 'busy' | 'blocked';
export type DebitRecorded = 'credit' | 'rejected' | 'rollback' | 'late';

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
    executor: Kysely<Database> = db,
  ): Promise<DebitRecorded> {
    const { rows } = await sql<{ result: DebitRecorded }>`
      select rf_record_debit(${debitId}, ${attempt ? JSON.stringify(attempt) : null}::jsonb, ${answer},
        ${balance?.toString() ?? null}::bigint, ${error}, ${next ? txJson(next) : null}::jsonb,
        ${giveUpAfterMs}) as result`.execute(executor);
    const result = rows[0]?.result;
    if (!result) throw new Error('rf_record_debit answered no row');
    return result;
  }

  const internalBatches = batchWriter<InternalItem, InternalPlay>(internalItemKey, async (items) => {
    const { rows } = await sql<InternalRow>`
      select * from rf_play_internal_rounds(${JSON.stringify(items.map(internalItemJson))}::jsonb)`.execute(
      db,
    );
    const byItem = new Map(rows.map((row) => [row.item, row]));
    return items.map((_item, position): InternalPlay => {
      const row = byItem.get(position);
      if (!row) throw new Error(`rf_play_internal_rounds answered no row for item ${position}`);
      if (row.result === 'played' || row.result === 'duplicate') {
        return { result: row.result, roundId: row.round_id as string, balance: row.balance };
      }
      return { result: row.result };
    });
  });

  return {
    /**
     * An internal-wallet round, its debit and credit, their balance entries and the session's new
     * state, all or nothing, idempotent by the click id; `startBalance` is a new player's balance.
     * Rounds asked for in the same turn of the event loop are written by one statement and one
     * commit (rf_play_internal_rounds): the commit's disk flush, not the rows, bounds this path.
     */
    playInternalRound(
      round: NewRound,
      guard: SessionGuard,
      ids: { debit: string; credit: string },
      startBalance: bigint,
    ): Promise<InternalPlay> {
      return internalBatches.write({ round, guard, ids, startBalance });
    },

    /** Callback step 1: the round and its first transaction, committed before any wallet call. */
    async openCallbackRound(
      round: NewRound,
      stateVersion: bigint,
      expiresAt: Date,
      first: NewWalletTx,
      giveUpAfterMs: number,
    ): Promise<OpenResult> {
      const { rows } = await sql<{ result: OpenResult }>`
        select rf_open_callback_round(${JSON.stringify(roundColumns(round, 'callback'))}::jsonb, ${stateVersion.toString()}::bigint,
          ${expiresAt}, ${txJson(first)}::jsonb, ${giveUpAfterMs}) as result`.execute(db);
      const result = rows[0]?.result;
      if (!result) throw new Error('rf_open_callback_round answered no row');
      return result;
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
    ): Promise<void> {
      await sql`
        with relaxed as (select set_config('synchronous_commit', 'off', true) as setting)
        select rf_record_delivery(${txId}, ${JSON.stringify(attempt)}::jsonb, ${attempt.result === 'acknowledged'},
          ${balance?.toString() ?? null}::bigint, ${error}, ${retryInMs}) from relaxed`.execute(db);
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
          trx,
        );
      });
    },
  };
}

export type LedgerRepo = ReturnType<typeof ledgerRepo>;
