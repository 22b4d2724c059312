// The round ledger's writes: each is one call of a plpgsql function that commits a round step and
// its wallet rows together (internal rounds: migrations/002_rounds_wallet.sql; callback round
// steps: migrations/003_callback_round_steps.sql). Rounds and transactions reach these functions
// as JSON, packed here and nowhere else.
import { type Kysely, sql } from 'kysely';
import type { NewRound } from './rounds.repo.ts';
import type { Database } from './schema.ts';
import type { WalletTxRow } from './wallet.repo.ts';

export type WalletMode = 'internal' | 'callback';

/** A round as the ledger functions take it: its columns, amounts as decimal text. */
function roundJson(round: NewRound, walletMode: WalletMode): string {
  const { action_type: _actionType, free_round: _freeRound, details_url: _detailsUrl, ...columns } = round;
  return JSON.stringify({ ...columns, wallet_mode: walletMode }, (_key, value) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
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
  | { result: 'revalidate' }
  /** A free round the grant refused (used up, expired, cancelled, not started, not found). */
  | { result: 'refused'; reason: string };

/** A grant's claim that failed: RF410 with the reason as its message; over the cap means a stale read. */
function refusal(error: unknown): { reason: string } | 'stale' | undefined {
  const { code, message } = error as { code?: string; message?: string };
  if (code !== 'RF410') return undefined;
  return message === 'over_cap' ? 'stale' : { reason: message ?? 'not_found' };
}

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

export type OpenResult = 'opened' | 'existing' | 'stale' | 'busy' | 'blocked' | { refused: string };
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

  return {
    /**
     * An internal-wallet round, its debit and credit, their balance entries and the session's new
     * state in one statement, idempotent by the click id. `startBalance` is a new player's balance.
     */
    async playInternalRound(
      round: NewRound,
      guard: SessionGuard,
      ids: { debit: string; credit: string },
      startBalance: bigint,
    ): Promise<InternalPlay> {
      try {
        type Row = { result: 'played' | 'duplicate'; round_id: string; balance: bigint | null };
        // A round of a free-rounds grant also takes its share of the grant, in the same statement.
        const { rows } = round.free_round
          ? await sql<Row>`
          select * from rf_play_internal_free_round(${roundJson(round, 'internal')}::jsonb, ${guard.tokenHash},
            ${round.created_at}, ${guard.stateVersion.toString()}::bigint, ${guard.expiresAt}, ${ids.credit},
            ${round.action_type}, ${startBalance.toString()}::bigint, ${round.free_round.new_round})`.execute(
              db,
            )
          : await sql<Row>`
          select * from rf_play_internal_round(${roundJson(round, 'internal')}::jsonb, ${guard.tokenHash},
            ${round.created_at}, ${guard.stateVersion.toString()}::bigint, ${guard.expiresAt}, ${ids.debit},
            ${ids.credit}, ${round.action_type}, ${startBalance.toString()}::bigint)`.execute(db);
        const row = rows[0];
        if (!row) throw new Error('rf_play_internal_round answered no row');
        return { result: row.result, roundId: row.round_id, balance: row.balance };
      } catch (error) {
        const code = (error as { code?: string }).code;
        const refused = refusal(error);
        if (refused === 'stale') return { result: 'stale' };
        if (refused) return { result: 'refused', reason: refused.reason };
        if (code === 'RF402') return { result: 'insufficient_funds' };
        if (code === 'RF401') return { result: 'revalidate' };
        // RF409: the state moved under us; 23505: the same click raced us and won.
        if (code === 'RF409' || code === '23505') return { result: 'stale' };
        throw error;
      }
    },

    /** Callback step 1: the round and its first transaction, committed before any wallet call. */
    async openCallbackRound(
      round: NewRound,
      stateVersion: bigint,
      expiresAt: Date,
      first: NewWalletTx,
      giveUpAfterMs: number,
    ): Promise<OpenResult> {
      type Row = { result: Exclude<OpenResult, { refused: string }> };
      try {
        const { rows } = round.free_round
          ? await sql<Row>`
            select rf_open_callback_free_round(${roundJson(round, 'callback')}::jsonb,
              ${stateVersion.toString()}::bigint, ${expiresAt}, ${txJson(first)}::jsonb, ${giveUpAfterMs},
              ${round.free_round.new_round}) as result`.execute(db)
          : await sql<Row>`
            select rf_open_callback_round(${roundJson(round, 'callback')}::jsonb, ${stateVersion.toString()}::bigint,
              ${expiresAt}, ${txJson(first)}::jsonb, ${giveUpAfterMs}) as result`.execute(db);
        const result = rows[0]?.result;
        if (!result) throw new Error('rf_open_callback_round answered no row');
        return result;
      } catch (error) {
        const refused = refusal(error);
        if (refused === 'stale') return 'stale';
        if (refused) return { refused: refused.reason };
        throw error;
      }
    },

    /**
     * A demo round: the fun balance and the demo round in one statement, idempotent by the click
     * id; nothing of it reaches the money ledger.
     */
    async playDemoRound(round: NewRound, guard: SessionGuard, startBalance: bigint): Promise<InternalPlay> {
      try {
        const { rows } = await sql<{
          result: 'played' | 'duplicate';
          round_id: string;
          balance: bigint | null;
        }>`
          select * from rf_play_demo_round(${roundJson(round, 'internal')}::jsonb, ${guard.tokenHash},
            ${round.created_at}, ${guard.stateVersion.toString()}::bigint, ${guard.expiresAt},
            ${startBalance.toString()}::bigint)`.execute(db);
        const row = rows[0];
        if (!row) throw new Error('rf_play_demo_round answered no row');
        return { result: row.result, roundId: row.round_id, balance: row.balance };
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'RF402') return { result: 'insufficient_funds' };
        if (code === 'RF401') return { result: 'revalidate' };
        if (code === 'RF409' || code === '23505') return { result: 'stale' };
        throw error;
      }
    },

    recordDebit,

    /** Callback step 3: a credit's or rollback's attempt; acknowledged closes the round. */
    async recordDelivery(
      txId: string,
      attempt: AttemptLog,
      balance: bigint | null,
      error: string | null,
      retryInMs: number,
    ): Promise<void> {
      await sql`
        select rf_record_delivery(${txId}, ${JSON.stringify(attempt)}::jsonb, ${attempt.result === 'acknowledged'},
          ${balance?.toString() ?? null}::bigint, ${error}, ${retryInMs})`.execute(db);
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
