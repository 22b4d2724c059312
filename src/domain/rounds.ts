// A round in its shapes, declared once: the store row (src/store/schema.ts, RoundsTable) is the
// declaration; the round the ledger writes (NewRound, beside the row) and the round a player is
// shown and its wire form (here) are derived from it. Also the player's spin request read into an exact bet.
import type { BetMode, GameState, Outcome } from '../engine/index.ts';
import { type BetLadder, betUnit } from '../games/index.ts';
import { formatAmount, parseAmount } from '../money.ts';
import type { NewRound, RoundRow } from '../store/rounds.repo.ts';
import { type ApiError, errors } from './errors.ts';
import type { WalletActionType } from './wallet-actions.ts';
import { toWire, type Wire } from './wire.ts';

export type RoundKind = RoundRow['kind'];
export type { NewRound };

/** What a player is shown of a round (the runtime API's Round, before it becomes JSON). */
export type RoundRecord = Pick<
  RoundRow,
  | 'id'
  | 'client_round_id'
  | 'status'
  | 'kind'
  | 'mode'
  | 'currency'
  | 'coin'
  | 'bet_level'
  | 'stake'
  | 'win'
  | 'outcome'
  | 'created_at'
  | 'finished_at'
  | 'free_round_grant_id'
  | 'jurisdiction_code'
  | 'jurisdiction_version'
>;

/** The jurisdiction profile a round was played under (null: played before profiles existed). */
export type RoundJurisdiction = { code: string; version: string | null } | null;

/** The runtime API's Round. */
export type RoundView = Wire<Omit<RoundRecord, 'jurisdiction_code' | 'jurisdiction_version'>> & {
  jurisdiction: RoundJurisdiction;
};

export function roundJurisdiction(
  round: Pick<RoundRecord, 'jurisdiction_code' | 'jurisdiction_version'>,
): RoundJurisdiction {
  return round.jurisdiction_code === null
    ? null
    : { code: round.jurisdiction_code, version: round.jurisdiction_version };
}

/** A settled round as the internal wallet's one statement leaves it (no second read). */
export function settledRecord(round: NewRound): RoundRecord {
  return {
    id: round.id,
    client_round_id: round.client_round_id,
    status: 'settled',
    kind: round.kind,
    mode: round.mode,
    currency: round.currency,
    coin: round.coin,
    bet_level: round.bet_level,
    stake: round.stake,
    win: round.win,
    outcome: round.outcome,
    created_at: round.created_at,
    finished_at: round.created_at,
    free_round_grant_id: round.free_round_grant_id,
    jurisdiction_code: round.jurisdiction_code,
    jurisdiction_version: round.jurisdiction_version,
  };
}

export const CLIENT_ROUND_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

export interface SpinRequest {
  coin?: unknown;
  bet_level?: unknown;
  special_bet?: unknown;
  buy_feature?: unknown;
  client_round_id?: unknown;
  /** Plays a round of this free-rounds grant (at the campaign's bet, nothing debited). */
  free_round_grant_id?: unknown;
}

export interface SpinInput {
  clientRoundId: string;
  coin: bigint;
  betLevel: number;
  mode: BetMode;
}

/**
 * Checks the body against the game's ladder. While free spins are left the bet fields only need
 * the right shape: the free spin plays at the bet that triggered it.
 */
export function readSpinRequest(
  body: SpinRequest,
  ladder: BetLadder,
  freeSpinsLeft: number,
): { ok: true; input: SpinInput } | { ok: false; error: ApiError } {
  const fail = (detail: string) => ({ ok: false as const, error: errors.invalidRequest(detail) });
  const { client_round_id: clientRoundId, coin, bet_level: betLevel } = body;
  if (typeof clientRoundId !== 'string' || !CLIENT_ROUND_ID.test(clientRoundId)) {
    return fail('client_round_id must be 1 to 64 of A-Z a-z 0-9 _ . : -');
  }
  if (typeof coin !== 'string') return fail('coin must be a decimal string such as "0.10"');
  if (betLevel !== undefined && (typeof betLevel !== 'number' || !Number.isInteger(betLevel))) {
    return fail('bet_level must be a whole number');
  }
  for (const flag of ['special_bet', 'buy_feature'] as const) {
    if (body[flag] !== undefined && typeof body[flag] !== 'boolean')
      return fail(`${flag} must be true or false`);
  }
  if (body.special_bet === true && body.buy_feature === true) {
    return fail('special_bet and buy_feature cannot both be true');
  }
  const mode: BetMode = body.buy_feature === true ? 'buy' : body.special_bet === true ? 'special' : 'base';
  const parsed = parseAmount(coin, ladder.currency);
  if (!parsed.ok) return fail(`coin ${coin} is not a ${ladder.currency} amount`);
  const level = (betLevel as number | undefined) ?? ladder.defaultBetLevel;
  if (freeSpinsLeft > 0) {
    return { ok: true, input: { clientRoundId, coin: parsed.minor, betLevel: level, mode } };
  }
  if (!ladder.coinValues.includes(parsed.minor)) {
    return fail(`coin ${coin} is not one of the game's coin values in ${ladder.currency}`);
  }
  if (!ladder.betLevels.includes(level)) return fail(`bet_level ${level} is not offered`);
  if (mode === 'special' && !ladder.modes.special) return fail('special_bet is not offered by this game');
  if (mode === 'buy' && !ladder.modes.buy) return fail('buy_feature is not offered by this game');
  return { ok: true, input: { clientRoundId, coin: parsed.minor, betLevel: level, mode } };
}

export function roundKind(outcome: Outcome): RoundKind {
  if (outcome.kind === 'free_spin') return 'free_spin';
  return outcome.kind === 'buy' ? 'buy' : 'base';
}

/** The wallet action_type of a round's debit and credit. */
export function actionTypeOf(kind: RoundKind, mode: BetMode): WalletActionType {
  if (kind === 'free_spin') return 'free_spin';
  if (mode === 'buy') return 'buy_feature';
  return mode === 'special' ? 'special_bet' : 'spin';
}

/** A cost as a multiple of the base bet, exact: a decimal when it ends, else "n/d". */
export function costMultiplier(ofBase: { numerator: number; denominator: number }): string {
  const { numerator, denominator } = ofBase;
  let d = denominator;
  let twos = 0;
  let fives = 0;
  while (d % 2 === 0) {
    d /= 2;
    twos++;
  }
  while (d % 5 === 0) {
    d /= 5;
    fives++;
  }
  if (d !== 1) return `${numerator}/${denominator}`;
  const digits = Math.max(twos, fives);
  const scaled = (BigInt(numerator) * 10n ** BigInt(digits)) / BigInt(denominator);
  const text = scaled.toString().padStart(digits + 1, '0');
  if (digits === 0) return text;
  const whole = text.slice(0, -digits);
  const fraction = text.slice(-digits).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

export interface FeatureView {
  free_spins_left: number;
  feature: null | {
    type: 'free_spins';
    played: number;
    coin: string;
    bet_level: number;
    mode: BetMode;
    sequence_win: string;
  };
}

/** The feature state a client shows: free spins left, and the sequence they belong to. */
export function featureView(state: GameState, currency: string): FeatureView {
  const trigger = state.triggerBet;
  if (state.freeSpinsLeft <= 0 || !trigger) return { free_spins_left: 0, feature: null };
  const unit = betUnit(BigInt(trigger.coin), trigger.betLevel);
  return {
    free_spins_left: state.freeSpinsLeft,
    feature: {
      type: 'free_spins',
      played: state.freeSpinsPlayed,
      coin: formatAmount(BigInt(trigger.coin), currency),
      bet_level: trigger.betLevel,
      mode: trigger.mode,
      sequence_win: formatAmount(BigInt(state.sequenceCoins) * unit, currency),
    },
  };
}

/** The runtime API's Round; `brief` leaves out the pictures and draws (history lists). */
export function roundView(round: RoundRecord, brief = false): RoundView {
  let outcome = round.outcome;
  if (brief && outcome && typeof outcome === 'object') {
    const { screens: _screens, draws: _draws, ...rest } = outcome as Record<string, unknown>;
    outcome = rest;
  }
  return {
    id: round.id,
    client_round_id: round.client_round_id,
    status: round.status,
    kind: round.kind,
    mode: round.mode,
    currency: round.currency,
    coin: formatAmount(round.coin, round.currency),
    bet_level: round.bet_level,
    stake: formatAmount(round.stake, round.currency),
    win: formatAmount(round.win, round.currency),
    created_at: round.created_at.toISOString(),
    finished_at: round.finished_at ? round.finished_at.toISOString() : null,
    outcome,
    free_round_grant_id: round.free_round_grant_id,
    jurisdiction: roundJurisdiction(round),
  };
}

/** A round as staff see it: every column but the session, the states and the outcome, in wire form. */
export function staffRoundView(round: RoundRow) {
  const {
    seq: _seq,
    session_id: _session,
    state_before: _before,
    state_after: _after,
    outcome: _outcome,
    ...columns
  } = round;
  return { ...toWire(columns, round.currency), jurisdiction: roundJurisdiction(round) };
}
