// Reconciliation reports: which wallet transactions a day holds, what each one counts for in the
// summary, and the summary's figures. Pure rules; the SQL that applies the same rules to many rows
// at once lives in store/reports.repo.ts and is tested against these (test/reports).
//
// The rules (docs/reports.md says them to operators):
// - A transaction belongs to the UTC day of its created_at (when Reelforge wrote it, before the
//   wallet call). Both wallet modes write one row per movement: the internal wallet a debit (when
//   the stake is above 0) and a credit (always, 0 for a loss) in the round's own statement
//   (migration 002); the callback wallet its debit, credit or rollback before each call.
// - stakes: debits the wallet acknowledged. A debit left without an answer is `unknown` and a
//   rollback follows it: it counts for nothing, whatever the wallet did, as the rollback undoes it.
// - wins: credits acknowledged, or resolved by staff (paid by hand), not of a free round.
// - free_round_wins: the same for credits of a free round and the feature it started.
// - jackpot_wins: the part of `wins` that jackpots paid (credits of action_type jackpot_win): wins
//   keep their meaning (every paid credit but free rounds'), so ggr = stakes − wins is already
//   stakes − base wins − jackpot wins.
// - jackpot_contributions: what the day's acknowledged stakes put into jackpot pools (meter and
//   reserve), valued exactly in the stake's own currency (domain/jackpot-report.ts): not a
//   transaction, so it comes from the pools' ledger (store/reports.repo.ts), not from txEffect.
// - promo_wins, promo_win_count: campaign prizes paid in cash (issue 29: promo_win credits, and the
//   internal wallet's), acknowledged or resolved by staff, on the UTC day the prize was won (its
//   created_at), under the game and session currency it is reported with. No round's transaction:
//   apart from wins, ggr and rtp; a free-rounds prize counts for nothing here (its rounds' wins are
//   free_round_wins). A prize still pending or parked keeps its day from being final. They come from
//   campaign_prizes (store/reports.repo.ts), not from txEffect.
// - rounds: a round counts once, on its opening transaction: its debit, or for a round without a
//   stake (free round, feature spin) its credit, once acknowledged (or resolved).
// - rollbacks: how many rollback transactions the day holds, whatever their status.
// - ggr = stakes − wins; rtp = wins / stakes (free-round wins apart, jackpot wins in), null without stakes.
// - A day is final once it is over (UTC) and none of its transactions can still change: none is
//   pending (retries under way) or parked (failed, waiting for staff). A final day answers the
//   same bytes every time.

import { formatAmount } from '../money.ts';
import type { ReportTxRow, TotalsRow } from '../store/reports.repo.ts';
import type { WalletTxStatus, WalletTxType } from '../store/schema.ts';
import { errors } from './errors.ts';
import { FREE_ROUND_ACTION, FREE_ROUND_FEATURE_ACTION } from './free-rounds.ts';
import { formatFine } from './jackpot-report.ts';

/** The most days one summary may span (a quarter). */
export const MAX_REPORT_DAYS = 92;

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A UTC calendar day: its `YYYY-MM-DD` and where it starts and ends ([start, end)). */
export interface ReportDay {
  date: string;
  start: Date;
  end: Date;
}

function dayOf(date: string, field: string): ReportDay {
  const match = DATE.exec(date);
  const start = match ? new Date(`${date}T00:00:00.000Z`) : undefined;
  // A date that does not round-trip (2025-02-30) is no calendar day.
  if (!start || Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== date) {
    throw errors.invalidRequest(`${field} must be a calendar date YYYY-MM-DD (UTC), such as 2025-01-31`);
  }
  return { date, start, end: new Date(start.getTime() + DAY_MS) };
}

/** The `date` of a day's transactions report, required. */
export function parseReportDate(value: unknown, field = 'date'): ReportDay {
  if (typeof value !== 'string' || value === '')
    throw errors.invalidRequest(`${field} is required (YYYY-MM-DD)`);
  return dayOf(value, field);
}

/** `from` and `to` of a summary: both required, inclusive, from ≤ to, at most 92 days. */
export function parseReportRange(
  from: unknown,
  to: unknown,
): { from: ReportDay; to: ReportDay; days: number } {
  const first = parseReportDate(from, 'from');
  const last = parseReportDate(to, 'to');
  if (first.start > last.start)
    throw errors.invalidRequest(`from (${first.date}) is after to (${last.date})`);
  const days = (last.start.getTime() - first.start.getTime()) / DAY_MS + 1;
  if (days > MAX_REPORT_DAYS) {
    throw errors.invalidRequest(
      `to is ${days} days from from: a summary spans at most ${MAX_REPORT_DAYS} days`,
    );
  }
  return { from: first, to: last, days };
}

/** One of the allowed formats, the first being the default; 400 naming `format` otherwise. */
export function parseFormat<F extends string>(value: unknown, allowed: readonly [F, ...F[]]): F {
  if (value === undefined || value === '') return allowed[0];
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as F;
  throw errors.invalidRequest(`format must be one of ${allowed.join(', ')}`);
}

export type TxType = WalletTxType;
export type TxStatus = WalletTxStatus;

/** A wallet transaction as the report reads it from the store (`round_stake` 0: the round opens with its credit). */
export type ReportTx = ReportTxRow;

export type ReportTxType = 'debit' | 'credit' | 'free_round_win' | 'rollback';

export function isFreeRoundAction(actionType: string): boolean {
  return actionType === FREE_ROUND_ACTION || actionType === FREE_ROUND_FEATURE_ACTION;
}

/** The report's type: a credit of a free round (or the feature it started) is a free_round_win. */
export function reportTxType(tx: Pick<ReportTx, 'type' | 'action_type'>): ReportTxType {
  if (tx.type === 'credit' && isFreeRoundAction(tx.action_type)) return 'free_round_win';
  return tx.type;
}

/** What one transaction adds to its day's summary, in minor units. */
export interface TxEffect {
  rounds: number;
  stakes: bigint;
  wins: bigint;
  free_round_wins: bigint;
  /** Of `wins`: credits a jackpot paid. */
  jackpot_wins: bigint;
  rollbacks: number;
  /** Still able to change (pending or parked): its day is not final. */
  open: boolean;
}

/** A credit paid: acknowledged by the wallet, or resolved by staff who paid it by hand. */
const PAID: ReadonlySet<TxStatus> = new Set(['acknowledged', 'resolved']);

/** The action_type of a jackpot's credit (domain/wallet-actions.ts). */
export const JACKPOT_WIN_ACTION = 'jackpot_win';

export function opensRound(tx: Pick<ReportTx, 'type' | 'round_stake'>): boolean {
  return tx.type === 'debit' || (tx.type === 'credit' && tx.round_stake === 0n);
}

export function txEffect(
  tx: Pick<ReportTx, 'type' | 'action_type' | 'amount' | 'status' | 'round_stake'>,
): TxEffect {
  const type = reportTxType(tx);
  const paid = PAID.has(tx.status);
  const taken = type === 'debit' && tx.status === 'acknowledged';
  return {
    rounds: opensRound(tx) && (taken || (type !== 'debit' && paid)) ? 1 : 0,
    stakes: taken ? tx.amount : 0n,
    wins: type === 'credit' && paid ? tx.amount : 0n,
    free_round_wins: type === 'free_round_win' && paid ? tx.amount : 0n,
    jackpot_wins: type === 'credit' && paid && tx.action_type === JACKPOT_WIN_ACTION ? tx.amount : 0n,
    rollbacks: type === 'rollback' ? 1 : 0,
    open: tx.status === 'pending' || tx.status === 'failed',
  };
}

/** One day, game and currency's totals in minor units (as the store sums them; `open`: pending or parked). */
export type SummaryTotals = Omit<TotalsRow, 'operator_id'>;

/** Adds one transaction to the totals of its day, game and currency (the rules above, in memory). */
export function addToTotals(totals: Map<string, SummaryTotals>, tx: ReportTx): void {
  const date = tx.created_at.toISOString().slice(0, 10);
  const key = `${date}\n${tx.game_symbol}\n${tx.currency}`;
  let row = totals.get(key);
  if (!row) {
    row = {
      date,
      game_symbol: tx.game_symbol,
      currency: tx.currency,
      rounds: 0,
      stakes: 0n,
      wins: 0n,
      free_round_wins: 0n,
      jackpot_wins: 0n,
      jackpot_contributions: 0n,
      promo_wins: 0n,
      promo_win_count: 0,
      rollbacks: 0,
      open: 0,
    };
    totals.set(key, row);
  }
  const effect = txEffect(tx);
  row.rounds += effect.rounds;
  row.stakes += effect.stakes;
  row.wins += effect.wins;
  row.free_round_wins += effect.free_round_wins;
  row.jackpot_wins += effect.jackpot_wins;
  row.rollbacks += effect.rollbacks;
  row.open += effect.open ? 1 : 0;
}

/** The order of summary rows: date, then game, then currency (byte order, as the store sorts with "C"). */
export function compareTotals(a: SummaryTotals, b: SummaryTotals): number {
  const byte = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return byte(a.date, b.date) || byte(a.game_symbol, b.game_symbol) || byte(a.currency, b.currency);
}

const RTP_DIGITS = 6;

/** wins / stakes with 6 decimals, rounded half up; null without stakes. Exact: bigint arithmetic. */
export function realisedRtp(wins: bigint, stakes: bigint): string | null {
  if (stakes <= 0n) return null;
  const scale = 10n ** BigInt(RTP_DIGITS);
  const scaled = (wins * scale * 2n + stakes) / (stakes * 2n);
  const whole = scaled / scale;
  const fraction = (scaled % scale).toString().padStart(RTP_DIGITS, '0');
  return `${whole}.${fraction}`;
}

/** A summary row as operators and staff read it. */
export interface SummaryRow {
  date: string;
  game_symbol: string;
  currency: string;
  rounds: number;
  stakes: string;
  wins: string;
  free_round_wins: string;
  ggr: string;
  rtp: string | null;
  rollbacks: number;
  final: boolean;
  /** Of `wins`, paid by jackpots. */
  jackpot_wins: string;
  /** Stakes' share put into jackpot pools, in the row's currency, to a millionth of a minor unit. */
  jackpot_contributions: string;
  /** Campaign prizes paid in cash, apart from wins (issue 29), and how many. */
  promo_wins: string;
  promo_win_count: number;
}

/** Whether the day is over at `now` (UTC). */
export function dayIsOver(date: string, now: Date): boolean {
  return new Date(`${date}T00:00:00.000Z`).getTime() + DAY_MS <= now.getTime();
}

/**
 * The summary rows of these totals, in order. `openDays`: days with a transaction still pending or
 * parked anywhere in the report's scope (a day is final only when over and none is).
 */
export function summaryRows(totals: readonly SummaryTotals[], now: Date): SummaryRow[] {
  const openDays = new Set(totals.filter((row) => row.open > 0).map((row) => row.date));
  return [...totals].sort(compareTotals).map((row) => ({
    date: row.date,
    game_symbol: row.game_symbol,
    currency: row.currency,
    rounds: row.rounds,
    stakes: formatAmount(row.stakes, row.currency),
    wins: formatAmount(row.wins, row.currency),
    free_round_wins: formatAmount(row.free_round_wins, row.currency),
    ggr: formatAmount(row.stakes - row.wins, row.currency),
    rtp: realisedRtp(row.wins, row.stakes),
    rollbacks: row.rollbacks,
    final: dayIsOver(row.date, now) && !openDays.has(row.date),
    jackpot_wins: formatAmount(row.jackpot_wins, row.currency),
    jackpot_contributions: formatFine(row.jackpot_contributions, row.currency),
    promo_wins: formatAmount(row.promo_wins, row.currency),
    promo_win_count: row.promo_win_count,
  }));
}

/** A transaction as the day's report lists it. */
export interface TransactionLine {
  transaction_id: string;
  round_id: string;
  player_id: string;
  game_symbol: string;
  type: ReportTxType;
  amount: string;
  currency: string;
  status: TxStatus;
  created_at: string;
  completed_at: string | null;
  action_type: string;
  wallet_mode: 'internal' | 'callback';
  original_transaction_id: string | null;
  opens_round: boolean;
}

export const TRANSACTION_COLUMNS: ReadonlyArray<keyof TransactionLine> = [
  'transaction_id',
  'round_id',
  'player_id',
  'game_symbol',
  'type',
  'amount',
  'currency',
  'status',
  'created_at',
  'completed_at',
  'action_type',
  'wallet_mode',
  'original_transaction_id',
  'opens_round',
];

export const SUMMARY_COLUMNS: ReadonlyArray<keyof SummaryRow> = [
  'date',
  'game_symbol',
  'currency',
  'rounds',
  'stakes',
  'wins',
  'free_round_wins',
  'ggr',
  'rtp',
  'rollbacks',
  'final',
  // added with jackpots (issue 28): last, so a reader of the earlier columns by position still reads them
  'jackpot_wins',
  'jackpot_contributions',
  // added with campaigns (issue 29), after the jackpot columns for the same reason
  'promo_wins',
  'promo_win_count',
];

export function transactionLine(tx: ReportTx): TransactionLine {
  return {
    transaction_id: tx.id,
    round_id: tx.round_id,
    player_id: tx.player_id,
    game_symbol: tx.game_symbol,
    type: reportTxType(tx),
    amount: formatAmount(tx.amount, tx.currency),
    currency: tx.currency,
    status: tx.status,
    created_at: tx.created_at.toISOString(),
    completed_at: tx.finished_at ? tx.finished_at.toISOString() : null,
    action_type: tx.action_type,
    wallet_mode: tx.wallet_mode,
    original_transaction_id: tx.original_transaction_id,
    opens_round: opensRound(tx),
  };
}
