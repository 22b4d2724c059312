// A wallet transaction as staff see it: every field, the body it sends (token masked) and every
// attempt with its answer.
import type { WalletAttemptRow, WalletTxRow } from '../store/wallet.repo.ts';
import { type Actor, roleAllows } from './staff.ts';
import { toWire, type Wire } from './wire.ts';

/** A transaction as the Admin API shows it: its row in wire form, the body it sends and its attempts. */
export type TransactionView = Wire<Omit<WalletTxRow, 'body' | 'next_attempt_at' | 'acknowledged_attempt'>> & {
  /** When the next attempt is due; null once the transaction is no longer pending. */
  next_attempt_at: string | null;
  /** The body every attempt sends, the session token masked. */
  request_body: unknown;
  attempt_log: Array<Wire<Omit<WalletAttemptRow, 'transaction_id'>>>;
};

function maskedBody(body: string | null): unknown {
  if (body === null) return null;
  const parsed = JSON.parse(body) as Record<string, unknown>;
  if (typeof parsed.session_id === 'string') parsed.session_id = '[REDACTED]';
  delete parsed.request_id;
  return parsed;
}

export function transactionView(tx: WalletTxRow, attempts: readonly WalletAttemptRow[]): TransactionView {
  // The acknowledged attempt is in `attempts` (wallet_attempt_log), with the others.
  const { body, next_attempt_at: nextAttemptAt, acknowledged_attempt: _acknowledged, ...columns } = tx;
  return {
    ...toWire(columns, tx.currency),
    next_attempt_at: tx.status === 'pending' ? nextAttemptAt.toISOString() : null,
    request_body: maskedBody(body),
    attempt_log: attempts
      .filter((a) => a.transaction_id === tx.id)
      .map(({ transaction_id: _tx, ...attempt }) => toWire(attempt, tx.currency)),
  };
}

/**
 * Whether an actor may read what an operator's wallet answered (the start of each attempt's body):
 * support work needs it; a viewer or finance does not, and it can carry whatever a misdirected
 * wallet_base_url reached. The token and the command line act as admin.
 */
export function mayReadWalletAnswers(actor: Actor): boolean {
  return actor.kind !== 'staff' || roleAllows(actor.role, 'support');
}

/** The view as `actor` may see it: without the wallet's answer bodies unless its role needs them. */
export function transactionViewFor(actor: Actor, view: TransactionView): TransactionView {
  if (mayReadWalletAnswers(actor)) return view;
  return { ...view, attempt_log: view.attempt_log.map((attempt) => ({ ...attempt, response_body: null })) };
}
