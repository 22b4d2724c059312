// What staff see and do about wallet transactions: the queue with every attempt, a retry, and a
// resolution by hand after they settled a parked transaction with the operator.
import { type Kysely, sql } from 'kysely';
import { type ApiError, errors } from '../domain/errors.ts';
import { formatAmount } from '../money.ts';
import type { Database } from '../store/schema.ts';
import { type WalletAttemptRow, type WalletTxRow, walletRepo } from '../store/wallet.repo.ts';
import type { RetryPolicy } from '../wallet/retry-policy.ts';

export interface TransactionView {
  id: string;
  round_id: string;
  operator_id: string;
  player_id: string;
  game_symbol: string;
  currency: string;
  wallet_mode: string;
  type: string;
  action_type: string;
  amount: string;
  original_transaction_id: string | null;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  give_up_at: string | null;
  last_error: string | null;
  balance_after: string | null;
  resolution: string | null;
  created_at: string;
  finished_at: string | null;
  /** The body every attempt sends, the session token masked. */
  request_body: unknown;
  attempt_log: Array<{
    request_id: string;
    started_at: string;
    latency_ms: number;
    http_status: number | null;
    result: string;
    error: string | null;
    response_body: string | null;
  }>;
}

function maskedBody(body: string | null): unknown {
  if (body === null) return null;
  const parsed = JSON.parse(body) as Record<string, unknown>;
  if (typeof parsed.session_id === 'string') parsed.session_id = '[REDACTED]';
  delete parsed.request_id;
  return parsed;
}

export function transactionView(tx: WalletTxRow, attempts: readonly WalletAttemptRow[]): TransactionView {
  const format = (minor: bigint) => formatAmount(minor, tx.currency);
  return {
    id: tx.id,
    round_id: tx.round_id,
    operator_id: tx.operator_id,
    player_id: tx.player_id,
    game_symbol: tx.game_symbol,
    currency: tx.currency,
    wallet_mode: tx.wallet_mode,
    type: tx.type,
    action_type: tx.action_type,
    amount: format(tx.amount),
    original_transaction_id: tx.original_transaction_id,
    status: tx.status,
    attempts: tx.attempts,
    next_attempt_at: tx.status === 'pending' ? tx.next_attempt_at.toISOString() : null,
    give_up_at: tx.give_up_at ? tx.give_up_at.toISOString() : null,
    last_error: tx.last_error,
    balance_after: tx.balance_after === null ? null : format(tx.balance_after),
    resolution: tx.resolution,
    created_at: tx.created_at.toISOString(),
    finished_at: tx.finished_at ? tx.finished_at.toISOString() : null,
    request_body: maskedBody(tx.body),
    attempt_log: attempts
      .filter((a) => a.transaction_id === tx.id)
      .map((a) => ({
        request_id: a.request_id,
        started_at: a.started_at.toISOString(),
        latency_ms: a.latency_ms,
        http_status: a.http_status,
        result: a.result,
        error: a.error,
        response_body: a.response_body,
      })),
  };
}

export async function transactionViews(db: Kysely<Database>, txs: WalletTxRow[]): Promise<TransactionView[]> {
  const attempts = await walletRepo(db).attemptsOf(txs.map((tx) => tx.id));
  return txs.map((tx) => transactionView(tx, attempts));
}

type StaffResult = { ok: true; value: TransactionView } | { ok: false; error: ApiError };

export function walletStaff(db: Kysely<Database>, policy: RetryPolicy) {
  const repo = walletRepo(db);

  async function view(id: string): Promise<StaffResult> {
    const tx = await repo.find(id);
    if (!tx) return { ok: false, error: errors.notFound(`transaction ${id} not found`) };
    return { ok: true, value: transactionView(tx, await repo.attemptsOf([id])) };
  }

  return {
    /** Puts a parked (or waiting) credit or rollback back in the queue, due now, with a fresh 24 h. */
    async retry(id: string): Promise<StaffResult> {
      const moved = await db
        .updateTable('wallet_transactions')
        .set({
          status: 'pending',
          next_attempt_at: sql`clock_timestamp()`,
          give_up_at: sql`clock_timestamp() + make_interval(secs => ${policy.giveUpAfterMs / 1000})`,
        })
        .where('id', '=', id)
        .where('type', '<>', 'debit')
        .where('wallet_mode', '=', 'callback')
        .where('status', 'in', ['failed', 'pending'])
        .executeTakeFirst();
      if (moved.numUpdatedRows !== 1n) {
        const found = await repo.find(id);
        if (!found) return { ok: false, error: errors.notFound(`transaction ${id} not found`) };
        return {
          ok: false,
          error: errors.conflict(
            `transaction ${id} is ${found.status}; only a parked or pending credit or rollback can be retried`,
          ),
        };
      }
      return view(id);
    },

    /**
     * Staff settled the transaction with the operator by hand: it is closed with their note, and its
     * round ends (a credit: settled; a rollback: cancelled), which unblocks the player.
     */
    async resolve(id: string, note: string): Promise<StaffResult> {
      const done = await db.transaction().execute(async (trx) => {
        const tx = await trx
          .updateTable('wallet_transactions')
          .set({ status: 'resolved', resolution: note, finished_at: sql`now()` })
          .where('id', '=', id)
          .where('type', '<>', 'debit')
          .where('status', 'in', ['failed', 'pending'])
          .returningAll()
          .executeTakeFirst();
        if (!tx) return false;
        await trx
          .updateTable('rounds')
          .set({
            stage: 'done',
            status: tx.type === 'credit' ? 'settled' : 'cancelled',
            finished_at: sql`now()`,
          })
          .where('id', '=', tx.round_id)
          .where('stage', '=', tx.type)
          .execute();
        return true;
      });
      if (!done) {
        const found = await repo.find(id);
        if (!found) return { ok: false, error: errors.notFound(`transaction ${id} not found`) };
        return {
          ok: false,
          error: errors.conflict(
            `transaction ${id} is ${found.status}; only a parked or pending credit or rollback can be resolved`,
          ),
        };
      }
      return view(id);
    },
  };
}
