// A wallet transaction as staff see it: every field, the body it sends (token masked) and every
// attempt with its answer.
import { formatAmount } from '../money.ts';
import type { WalletAttemptRow, WalletTxRow } from '../store/wallet.repo.ts';
import type { Wire } from './wire.ts';

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
