// The wallet callback protocol: request bodies as the contract (plus round_id and round_finished)
// names them, and the checks an answer must pass before it counts as an answer.
import type { WalletActionType } from '../domain/wallet-actions.ts';
import { formatAmount, parseSignedAmount } from '../money.ts';

export type CallbackType = 'balance' | 'debit' | 'credit' | 'rollback';

export interface WalletRequestFields {
  operator_id: string;
  player_id: string;
  session_id: string;
  game_symbol: string;
  currency: string;
  transaction_id: string;
  transaction_type: CallbackType;
  action_type: WalletActionType;
  amount: bigint;
  original_transaction_id?: string;
  round_id?: string;
  round_finished?: boolean;
  /** Additive (1.2.0): the round's signed details page, on credits. */
  round_details_url?: string;
  /** Additive (1.2.0): on a free round's transactions, the operator's campaign id and the grant. */
  free_round_campaign_id?: string;
  free_round_grant_id?: string;
  /** Additive (1.4.0): on a jackpot win's credit (action_type jackpot_win), the pool and the tier. */
  jackpot_id?: string;
  jackpot_tier?: string;
  /**
   * Additive (1.5.0): on a campaign prize's credit (action_type promo_win), the campaign, its type
   * (tournament or drop) and the prize.
   */
  campaign_id?: string;
  campaign_type?: 'tournament' | 'drop';
  prize_id?: string;
}

/**
 * The body as JSON text with an empty request_id: stored on the transaction row, and filled with a
 * fresh request_id by every attempt (fillRequestId), so retries send the same transaction.
 */
export function walletRequestBody(fields: WalletRequestFields): string {
  const body: Record<string, unknown> = {
    operator_id: fields.operator_id,
    player_id: fields.player_id,
    session_id: fields.session_id,
    game_symbol: fields.game_symbol,
    currency: fields.currency,
    request_id: '',
    transaction_id: fields.transaction_id,
    transaction_type: fields.transaction_type,
    action_type: fields.action_type,
    amount: formatAmount(fields.amount, fields.currency),
  };
  if (fields.original_transaction_id !== undefined)
    body.original_transaction_id = fields.original_transaction_id;
  if (fields.round_id !== undefined) body.round_id = fields.round_id;
  if (fields.round_finished !== undefined) body.round_finished = fields.round_finished;
  if (fields.round_details_url !== undefined) body.round_details_url = fields.round_details_url;
  if (fields.free_round_campaign_id !== undefined)
    body.free_round_campaign_id = fields.free_round_campaign_id;
  if (fields.free_round_grant_id !== undefined) body.free_round_grant_id = fields.free_round_grant_id;
  if (fields.jackpot_id !== undefined) body.jackpot_id = fields.jackpot_id;
  if (fields.jackpot_tier !== undefined) body.jackpot_tier = fields.jackpot_tier;
  if (fields.campaign_id !== undefined) body.campaign_id = fields.campaign_id;
  if (fields.campaign_type !== undefined) body.campaign_type = fields.campaign_type;
  if (fields.prize_id !== undefined) body.prize_id = fields.prize_id;
  return JSON.stringify(body);
}

/** The request_id field exactly as walletRequestBody writes it, before an attempt fills it in. */
const EMPTY_REQUEST_ID = '"request_id":""';

/**
 * The stored body with `requestId` in its request_id field. A body walletRequestBody built holds
 * that field once, empty, and nowhere else can that text occur (its keys are fixed, and a quote
 * inside a value is escaped), so an attempt splices the id in without parsing; a body of another
 * shape (one an older node stored, say) is parsed and written again.
 */
export function fillRequestId(storedBody: string, requestId: string): string {
  const at = storedBody.indexOf(EMPTY_REQUEST_ID);
  if (at !== -1 && storedBody.indexOf(EMPTY_REQUEST_ID, at + 1) === -1) {
    const end = at + EMPTY_REQUEST_ID.length;
    return `${storedBody.slice(0, at)}"request_id":${JSON.stringify(requestId)}${storedBody.slice(end)}`;
  }
  const body = JSON.parse(storedBody) as Record<string, unknown>;
  body.request_id = requestId;
  return JSON.stringify(body);
}

/** A reported balance in minor units; more decimals than the currency has is malformed, not rounded. */
export function parseReportedBalance(text: string, currency: string): bigint | undefined {
  const parsed = parseSignedAmount(text, currency);
  return parsed.ok ? parsed.minor : undefined;
}

/** How one attempt ended. `rejected` is a definite no; `failed` means nobody knows what happened. */
export type WalletAnswer =
  | { kind: 'acknowledged'; balance: bigint }
  | { kind: 'rejected'; status: number; error: string; message: string | undefined }
  | { kind: 'failed'; status: number | null; error: string };

/** Reads an operator's answer strictly: anything not exactly a success or a documented rejection is a failure. */
export function readWalletAnswer(
  status: number,
  text: string,
  expected: { currency: string; transaction_id: string },
): WalletAnswer {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: 'failed', status, error: `HTTP ${status} with a body that is not JSON` };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { kind: 'failed', status, error: `HTTP ${status} with a body that is not a JSON object` };
  }
  const answer = body as Record<string, unknown>;
  if (status === 200) {
    if (answer.success !== true) return { kind: 'failed', status, error: 'HTTP 200 without success: true' };
    if (typeof answer.balance !== 'string')
      return { kind: 'failed', status, error: 'balance is not a string' };
    const balance = parseReportedBalance(answer.balance, expected.currency);
    if (balance === undefined) {
      return {
        kind: 'failed',
        status,
        error: `balance "${answer.balance}" is not a ${expected.currency} amount`,
      };
    }
    if (answer.currency !== undefined && answer.currency !== expected.currency) {
      return {
        kind: 'failed',
        status,
        error: `currency ${String(answer.currency)} is not ${expected.currency}`,
      };
    }
    if (answer.transaction_id !== undefined && answer.transaction_id !== expected.transaction_id) {
      return { kind: 'failed', status, error: 'transaction_id does not match the request' };
    }
    return { kind: 'acknowledged', balance };
  }
  if ((status === 400 || status === 401) && answer.success === false && typeof answer.error === 'string') {
    const message = typeof answer.message === 'string' ? answer.message : undefined;
    return { kind: 'rejected', status, error: answer.error, message };
  }
  return { kind: 'failed', status, error: `HTTP ${status}` };
}
