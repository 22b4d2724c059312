// A wallet transaction as staff see it: every field, the body it sends (token masked) and every
// attempt with its answer.
import type { WalletAttemptRow, WalletTxRow } from '../store/wallet.repo.ts';
import { toWire, type Wire } from './wire.ts';

/** A transaction as the Admin API shows it: its row in wire form, the body it sends and its attempts. */
export type TransactionView = Wire<Omit<WalletTxRow, 'body' | 'next_attempt_at'>> & {
  /** When the next attempt is due; null once the transaction is no longer pending. */
  next_attempt_at: string | null;
  /** The body every attempt sends, the session token masked. */
  request_body: unknown;
  attempt_log: Array<Wire<Omit<WalletAttemptRow, 'id' | 'transaction_id'>>>;
};

function maskedBody(body: string | null): unknown {
  if (body === null) return null;
  const parsed = JSON.parse(body) as Record<string, unknown>;
  if (typeof parsed.session_id === 'string') parsed.session_id = '[REDACTED]';
  delete parsed.request_id;
  return parsed;
}

export function transactionView(tx: WalletTxRow, attempts: readonly WalletAttemptRow[]): TransactionView {
  const { body, next_attempt_at: nextAttemptAt, ...columns } = tx;
  return {
    ...toWire(columns, tx.currency),
    next_attempt_at: tx.status === 'pending' ? nextAttemptAt.toISOString() : null,
    request_body: maskedBody(body),
    attempt_log: attempts
      .filter((a) => a.transaction_id === tx.id)
      .map(({ id: _id, transaction_id: _tx, ...attempt }) => toWire(attempt, tx.currency)),
  };
}
