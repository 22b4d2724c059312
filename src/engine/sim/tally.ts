// Simulation of whole rounds (a paid call plus every free spin it leads to) and the statistics
// certification reports. A tally is plain data so worker threads can send it back.
import type { BetMode, GameModel } from '../model.ts';
import { createSeededRng } from '../rng.ts';
import { freshState, playCall } from '../round.ts';
import { machineFor, modeCostCoins } from '../spin.ts';

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

/** Plays `rounds` whole rounds of `mode` on stream `stream` of seed `seed`. */
export function simulateRounds(
  model: GameModel,
  mode: BetMode,
  rounds: number,
  seed: bigint | number,
  stream: number,
): Tally {
  const m = machineFor(model);
  const rng = createSeededRng(seed, stream);
  const costCoins = modeCostCoins(model, mode);
  const tally = emptyTally(costCoins);
  const st = freshState();
  const buckets = tally.buckets;
  const edges = WIN_BUCKETS;
  for (let i = 0; i < rounds; i++) {
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
    let b = 0;
    while (b < edges.length && ratio > (edges[b] as number)) b++;
    buckets[b] = (buckets[b] as number) + 1;
  }
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
