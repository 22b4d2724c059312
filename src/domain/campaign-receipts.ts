// A campaign prize's delivery receipt (issue 29): the canonical text the operator verifies, signed
// with its wallet_secret. docs/wallet-integration.md ("Prize receipts") describes the text and holds
// a test vector; test/campaigns/receipt-vector.test.ts checks this file against it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatAmount } from '../money.ts';

export const RECEIPT_VERSION = 'reelforge-prize-receipt/v1';

/** What a receipt states: a paid prize (acknowledged by the wallet, or settled by hand: resolved). */
export interface ReceiptFacts {
  prize_id: string;
  campaign_id: string;
  campaign_type: 'tournament' | 'drop';
  operator_id: string;
  player_id: string;
  kind: 'cash' | 'free_rounds';
  amount: bigint;
  currency: string;
  transaction_id: string;
  status: 'acknowledged' | 'resolved';
  balance_after: bigint | null;
  free_round_grant_id: string | null;
  paid_at: Date;
}

/** The fields in the order the canonical text lists them (one `name=value` a line). */
const FIELDS = [
  'prize_id',
  'campaign_id',
  'campaign_type',
  'operator_id',
  'player_id',
  'kind',
  'amount',
  'currency',
  'transaction_id',
  'status',
  'balance_after',
  'free_round_grant_id',
  'paid_at',
] as const;

/**
 * The exact text a receipt's signature covers: the version line, then each field as `name=value`,
 * joined by a line feed, without one at the end. Amounts are decimal strings with the currency's
 * decimals; an absent value is empty; no value holds a line feed (ids, codes, amounts, a date).
 */
export function receiptText(facts: ReceiptFacts): string {
  const value = (field: (typeof FIELDS)[number]): string => {
    switch (field) {
      case 'amount':
        return formatAmount(facts.amount, facts.currency);
      case 'balance_after':
        return facts.balance_after === null ? '' : formatAmount(facts.balance_after, facts.currency);
      case 'paid_at':
        return facts.paid_at.toISOString();
      case 'free_round_grant_id':
        return facts.free_round_grant_id ?? '';
      default:
        return facts[field].replace(/[\r\n]/g, '');
    }
  };
  return [RECEIPT_VERSION, ...FIELDS.map((field) => `${field}=${value(field)}`)].join('\n');
}

/** Lower-case hex HMAC-SHA256 of the canonical text with the operator's wallet secret. */
export function signReceipt(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

/** What an operator does with a receipt: the signature recomputed over the text, compared in constant time. */
export function verifyReceipt(secret: string, text: string, signature: string): boolean {
  const expected = Buffer.from(signReceipt(secret, text), 'utf8');
  const given = Buffer.from(signature.toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
