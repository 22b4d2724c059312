// The tally of simulated rounds and the generic play of one whole round into it. Every simulation
// path records rounds through `recordRound`, so the floating-point sums of the fast kernels are
// bit-for-bit those of the generic path.
import type { Machine } from '../engine/machine.ts';
import type { BetMode } from '../engine/model.ts';
import type { Rng } from '../engine/rng.ts';
import { type GameState, playCall } from '../engine/round.ts';

/** Upper edges of the win-distribution buckets, in multiples of the stake (last bucket open). */
export const WIN_BUCKETS = [0, 1, 2, 5, 10, 20, 50, 100, 250, 500, 1000, 2500, 5000];

export interface Tally {
  rounds: number;
  /** Spin calls played: paid calls plus every free spin. */
  calls: number;
  costCoins: number;
  wonCoins: number;
  /** Coins of paid calls from their screen alone (line/ways/anywhere, scatter and collector pays). */
  baseCoins: number;
  /** Coins from free spins, picks and hold-and-collect. */
  featureCoins: number;
  /** Σ (round win / stake)², for the variance. */
  sumSquares: number;
  /** Σ (screen win / stake)², for the interval of the base share alone. */
  baseSumSquares: number;
  hits: number;
  featureRounds: number;
  maxCoins: number;
  capHits: number;
  /** Rounds per bucket: win/stake = 0, ≤ edge… (see WIN_BUCKETS), and above the last edge. */
  buckets: number[];
}

export function emptyTally(costCoins: number): Tally {
  return {
    rounds: 0,
    calls: 0,
    costCoins,
    wonCoins: 0,
    baseCoins: 0,
    featureCoins: 0,
    sumSquares: 0,
    baseSumSquares: 0,
    hits: 0,
    featureRounds: 0,
    maxCoins: 0,
    capHits: 0,
    buckets: new Array(WIN_BUCKETS.length + 1).fill(0),
  };
}

/** Adds one whole round to the tally (everything but `rounds`, which the caller sets). */
export function recordRound(
  tally: Tally,
  round: number,
  screenCoins: number,
  calls: number,
  feature: boolean,
  capped: boolean,
): void {
  const costCoins = tally.costCoins;
  tally.baseCoins += screenCoins;
  const screenRatio = screenCoins / costCoins;
  tally.baseSumSquares += screenRatio * screenRatio;
  tally.featureCoins += round - screenCoins;
  tally.wonCoins += round;
  tally.calls += calls;
  const ratio = round / costCoins;
  tally.sumSquares += ratio * ratio;
  if (round > 0) tally.hits++;
  if (feature) tally.featureRounds++;
  if (capped) tally.capHits++;
  if (round > tally.maxCoins) tally.maxCoins = round;
  const edges = WIN_BUCKETS;
  let b = 0;
  while (b < edges.length && ratio > (edges[b] as number)) b++;
  const buckets = tally.buckets;
  buckets[b] = (buckets[b] as number) + 1;
}

/** Plays one whole round (a paid call and every free spin it leads to) on the generic path. */
export function playRound(m: Machine, st: GameState, mode: BetMode, rng: Rng, tally: Tally): void {
  let round = playCall(m, st, mode, rng, null);
  let capped = m.capped;
  const feature = m.featureCoins > 0 || st.freeSpinsLeft > 0;
  const screenCoins = mode === 'buy' ? 0 : round - Math.min(m.featureCoins, round);
  let calls = 1;
  while (st.freeSpinsLeft > 0) {
    calls++;
    round += playCall(m, st, mode, rng, null);
    capped ||= m.capped;
  }
  recordRound(tally, round, screenCoins, calls, feature, capped);
}
