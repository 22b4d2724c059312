// What one spin call produced, recorded fully enough to show, store, replay and re-verify it.
import type { BetMode } from './model.ts';

export type OutcomeKind = 'base' | 'special' | 'buy' | 'free_spin';

export interface Bet {
  /** Coin value in minor units of the session currency. */
  coin: bigint;
  betLevel: number;
  mode: BetMode;
}

/**
 * One picture of the reels. Every spin, tumble refill, expansion and hold-and-collect respin adds one,
 * in order, so a client animates `screens` front to back.
 */
export interface Screen {
  phase: 'spin' | 'tumble' | 'expand' | 'respin';
  /** Reel set the stops refer to (null for respin and expand pictures). */
  reelSet: string | null;
  /** Stop index per reel: the strip position shown in the top row. */
  stops: number[] | null;
  /** symbols[reel][row], row 0 at the top; -1 is an empty hold-and-collect cell. */
  symbols: number[][];
  /** values[reel][row]: coins of a money symbol or factor of a multiplier symbol, else 0. */
  values: number[][];
}

export type WinKind =
  | 'line'
  | 'ways'
  | 'anywhere'
  | 'scatter'
  | 'collect'
  | 'expanding'
  | 'pick'
  | 'hold_and_collect';

export interface Win {
  /** Index into `screens` of the picture this win was read from. */
  screen: number;
  kind: WinKind;
  symbol: number;
  count: number;
  /** Payline index (line wins and expanding-symbol wins on every line: null). */
  line: number | null;
  ways: number | null;
  /** [reel, row] of every cell taking part. */
  positions: Array<[number, number]>;
  multiplier: number;
  /** Win in coins (pay × multiplier); one coin is coin value × bet level. */
  coins: number;
  /** Win in minor units, before the max-win cap. */
  amount: bigint;
}

export interface PickStep {
  prize: 'coins' | 'multiplier' | 'end';
  value: number;
}

export type FeatureEvent =
  | { type: 'free_spins'; awarded: number; retrigger: boolean; expandingSymbol: number | null }
  | { type: 'pick'; picks: PickStep[]; multiplier: number; coins: number }
  | { type: 'hold_and_collect'; firstScreen: number; respins: number; full: boolean; coins: number }
  | { type: 'multiplier'; screen: number; factor: number }
  | { type: 'max_win' };

export interface Outcome {
  kind: OutcomeKind;
  /** The bet this spin was played at (a free spin plays at the bet that triggered it). */
  bet: Bet;
  /** What the caller debits for this call: 0 for a free spin. */
  stake: bigint;
  /** Every bounded random draw, in order: `replay` re-derives this outcome from them alone. */
  draws: number[];
  screens: Screen[];
  wins: Win[];
  features: FeatureEvent[];
  /** Coins credited for this call, after the cap. */
  coins: number;
  /** Minor units credited for this call, after the cap. */
  totalWin: bigint;
  /** True when the cap cut this win; the feature sequence then ends. */
  capped: boolean;
  /** Free spins still to play after this one; the next spin call plays one when > 0. */
  freeSpinsLeft: number;
  /** Minor units won so far in the feature sequence this spin belongs to (this spin included). */
  sequenceWin: bigint;
}

/** A value as JSON carries it: bigints become decimal strings, everything else stays. */
export type Jsonified<T> = T extends bigint
  ? string
  : T extends object
    ? { [K in keyof T]: Jsonified<T[K]> }
    : T;

/** The stored and served form of an outcome. */
export type OutcomeJson = Jsonified<Outcome>;

/** The outcome as JSON-safe data: bigints as decimal strings. */
export function outcomeToJson(outcome: Outcome): OutcomeJson {
  return JSON.parse(
    JSON.stringify(outcome, (_key, value) => (typeof value === 'bigint' ? value.toString() : value)),
  );
}
