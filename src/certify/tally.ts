// Simulation of whole rounds (a paid call plus every free spin it leads to) and the statistics
// certification reports. A tally is plain data so worker threads can send it back.
import type { BetMode, GameModel } from '../engine/model.ts';
import { createSeededRng, type SeededRng } from '../engine/rng.ts';
import { freshState } from '../engine/round.ts';
import { machineFor, modeCostCoins } from '../engine/spin.ts';
import { lineKernelFor, simulateLineRounds } from './lines.ts';
import { emptyTally, playRound, type Tally } from './record.ts';

export { emptyTally, type Tally, WIN_BUCKETS } from './record.ts';

/** Which code plays the rounds: `auto` takes a fast kernel where one fits the model and mode. */
export type SimPath = 'auto' | 'generic';

/** Plays `rounds` whole rounds of `mode` on stream `stream` of seed `seed`. */
export function simulateRounds(
  model: GameModel,
  mode: BetMode,
  rounds: number,
  seed: bigint | number,
  stream: number,
  path: SimPath = 'auto',
): Tally {
  return simulateWith(model, mode, rounds, createSeededRng(seed, stream), path);
}

/** Plays `rounds` whole rounds drawing from `rng` (left where the last round ended). */
export function simulateWith(
  model: GameModel,
  mode: BetMode,
  rounds: number,
  rng: SeededRng,
  path: SimPath = 'auto',
): Tally {
  const m = machineFor(model);
  const tally = emptyTally(modeCostCoins(model, mode));
  const st = freshState();
  const kernel = path === 'auto' && mode !== 'buy' ? lineKernelFor(m) : null;
  if (kernel) simulateLineRounds(kernel, st, mode, rounds, rng, tally);
  else for (let i = 0; i < rounds; i++) playRound(m, st, mode, rng, tally);
  tally.rounds = rounds;
  return tally;
}

export function mergeTallies(into: Tally, from: Tally): Tally {
  into.rounds += from.rounds;
  into.calls += from.calls;
  into.wonCoins += from.wonCoins;
  into.baseCoins += from.baseCoins;
  into.featureCoins += from.featureCoins;
  into.sumSquares += from.sumSquares;
  into.baseSumSquares += from.baseSumSquares;
  into.hits += from.hits;
  into.featureRounds += from.featureRounds;
  into.capHits += from.capHits;
  into.maxCoins = Math.max(into.maxCoins, from.maxCoins);
  from.buckets.forEach((n, i) => {
    into.buckets[i] = (into.buckets[i] as number) + n;
  });
  return into;
}

/** z for a two-sided 99% interval. */
export const Z99 = 2.5758293035489;

export interface Summary {
  rounds: number;
  rtp: number;
  baseRtp: number;
  featureRtp: number;
  /** Half-width of the 99% confidence interval of the RTP (fraction of stake). */
  halfWidth99: number;
  /** Half-width of the 99% interval of the base (screen) share alone. */
  baseHalfWidth99: number;
  hitFrequency: number;
  /** Standard deviation of a round's win in stakes. */
  sd: number;
  /** Volatility index: z99 · σ, the customary 99% VI. */
  volatilityIndex: number;
  featureFrequency: number;
  maxWinX: number;
  capHits: number;
}

export function summarize(t: Tally): Summary {
  const n = t.rounds;
  const rtp = t.wonCoins / t.costCoins / n;
  const variance = Math.max(0, t.sumSquares / n - rtp * rtp) * (n / Math.max(1, n - 1));
  const sd = Math.sqrt(variance);
  const baseRtp = t.baseCoins / t.costCoins / n;
  const baseSd = Math.sqrt(Math.max(0, t.baseSumSquares / n - baseRtp * baseRtp));
  return {
    rounds: n,
    rtp,
    baseRtp,
    featureRtp: t.featureCoins / t.costCoins / n,
    halfWidth99: (Z99 * sd) / Math.sqrt(n),
    baseHalfWidth99: (Z99 * baseSd) / Math.sqrt(n),
    hitFrequency: t.hits / n,
    sd,
    volatilityIndex: Z99 * sd,
    featureFrequency: t.featureRounds / n,
    maxWinX: t.maxCoins / t.costCoins,
    capHits: t.capHits,
  };
}

/** Formats a fraction as a percentage with `digits` decimals, by integer rounding (no toFixed). */
export function percent(fraction: number, digits = 2): string {
  const scale = 10 ** digits;
  const scaled = Math.round(fraction * 100 * scale);
  const sign = scaled < 0 ? '-' : '';
  const abs = Math.abs(scaled);
  const whole = Math.floor(abs / scale);
  const part = String(abs % scale).padStart(digits, '0');
  return digits === 0 ? `${sign}${whole}` : `${sign}${whole}.${part}`;
}
