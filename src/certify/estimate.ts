// Certification of pay-anywhere games with tumbles, whose screens cannot be walked (Orbit Orchard:
// 6 reels of ~60 stops, ~10^10 screens, each a tumble chain). Plain simulation of whole rounds
// needs ~1.2·10^9 rounds for ±0.1 pp; this estimator is unbiased and needs far fewer draws:
//
//  1. Given the reel stops, the whole tumble chain is fixed: the strips refill deterministically.
//     Only multiplier values are random, drawn independently as symbols land, and the round pays
//     W·f + S (W the chain's coins, f the sum of the k multipliers in view at the end, S the
//     scatter pay). So E[min(T, cap) | stops] is computed exactly: W·k·μ + S where the cap cannot
//     bind, else over the exact law of f (conditional expectation, "Rao–Blackwellisation").
//  2. A triggered round adds a free-spins sequence F, independent of the trigger spin given how many
//     spins it awards: min(T + F, cap) = min(T, cap) + min(F, cap − T). Its expectation is read off
//     an independent sample of sequences (the bought feature's own simulation), as
//     ĝ(t) = mean_j min(F_j, cap − t), unbiased for every t.
//
// The estimate is the mean of Y = E[min(T, cap) | stops] + 1[trigger]·ĝ(T) over the sampled stops;
// its 99 % half-width combines the variance of Y over stops and that of ĝ over the sequences.
// src/certify/estimate.test.ts holds it to a small tumbling game computed exactly.
import {
  type CompiledSet,
  countKind,
  drawFrom,
  drawStops,
  KIND_MULTIPLIER,
  KIND_REGULAR,
  type Machine,
  showStops,
} from '../engine/machine.ts';
import { type BetMode, byCount, type GameModel } from '../engine/model.ts';
import { createSeededRng, type Rng } from '../engine/rng.ts';
import { freshState, playCall, tumbleChain } from '../engine/round.ts';
import { machineFor, modeCostCoins } from '../engine/spin.ts';
import { type Law, lawOfTable, power } from './law.ts';

/** A sample of free-spins sequences' wins (each capped), sorted, with prefix sums. */
export interface SequenceSample {
  sorted: Float64Array;
  /** prefix[i] = Σ sorted[0..i). */
  prefix: Float64Array;
  cap: number;
}

/** Sorts the sample into shared memory, so worker threads read it without a copy each. */
export function sequenceSampleOf(wins: Float64Array, cap: number): SequenceSample {
  const sorted = new Float64Array(new SharedArrayBuffer(wins.length * 8));
  sorted.set(wins);
  sorted.sort();
  const prefix = new Float64Array(new SharedArrayBuffer((sorted.length + 1) * 8));
  for (let i = 0; i < sorted.length; i++) prefix[i + 1] = (prefix[i] as number) + (sorted[i] as number);
  return { sorted, prefix, cap };
}

/** First index whose value is ≥ r. */
function lowerBound(sorted: Float64Array, r: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < r) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** ĝ(t) = mean_j min(F_j, cap − t), and the share of sequences with F_j ≥ cap − t. */
function sequenceAbove(sample: SequenceSample, t: number): { gain: number; reach: number } {
  const r = sample.cap - t;
  const m = sample.sorted.length;
  if (r <= 0) return { gain: 0, reach: 1 };
  const i = lowerBound(sample.sorted, r);
  return { gain: ((sample.prefix[i] as number) + r * (m - i)) / m, reach: (m - i) / m };
}

/**
 * Plays `rounds` free-spins sequences of `spins` spins from a fresh feature (as a trigger or a buy
 * starts them) and returns each sequence's capped win in coins.
 */
export function playSequences(model: GameModel, spins: number, rounds: number, rng: Rng): Float64Array {
  const m = machineFor(model);
  if (model.freeSpins?.expandingSymbols)
    throw new Error(`${model.slug}: expanding symbols are walked, not estimated`);
  const out = new Float64Array(rounds);
  for (let i = 0; i < rounds; i++) {
    const st = freshState();
    st.freeSpinsLeft = spins;
    let coins = 0;
    while (st.freeSpinsLeft > 0) coins += playCall(m, st, 'base', rng, null);
    out[i] = coins;
  }
  return out;
}

/** What the estimator adds up; plain data so worker threads can send it back. */
export interface EstimateTally {
  rounds: number;
  costCoins: number;
  /** Σ Y and Σ Y² (coins). */
  sum: number;
  sumSquares: number;
  /** Σ E[min(T, cap) | stops]: the paid spin's own share. */
  spinSum: number;
  /** Σ P(round pays > 0 | stops). */
  hits: number;
  /** Σ P(round reaches the cap | stops), and its squares. */
  capChance: number;
  capChanceSquares: number;
  triggers: number;
  /** Rounds by scatters in view at the end of the paid spin's chain. */
  byScatters: number[];
  /** Wins and their expected coins by symbol and count (index symbol · (cells + 1) + count). */
  comboWins: number[];
  comboCoins: number[];
}

export function emptyEstimate(m: Machine, costCoins: number): EstimateTally {
  const width = m.symbolCount * (m.cells + 1);
  return {
    rounds: 0,
    costCoins,
    sum: 0,
    sumSquares: 0,
    spinSum: 0,
    hits: 0,
    capChance: 0,
    capChanceSquares: 0,
    triggers: 0,
    byScatters: new Array(m.cells + 1).fill(0),
    comboWins: new Array(width).fill(0),
    comboCoins: new Array(width).fill(0),
  };
}

export function mergeEstimates(into: EstimateTally, from: EstimateTally): EstimateTally {
  into.rounds += from.rounds;
  into.sum += from.sum;
  into.sumSquares += from.sumSquares;
  into.spinSum += from.spinSum;
  into.hits += from.hits;
  into.capChance += from.capChance;
  into.capChanceSquares += from.capChanceSquares;
  into.triggers += from.triggers;
  from.byScatters.forEach((n, i) => {
    into.byScatters[i] = (into.byScatters[i] as number) + n;
  });
  from.comboWins.forEach((n, i) => {
    into.comboWins[i] = (into.comboWins[i] as number) + n;
  });
  from.comboCoins.forEach((n, i) => {
    into.comboCoins[i] = (into.comboCoins[i] as number) + n;
  });
  return into;
}

/**
 * Symbol counts of each reel window, packed five symbols to an int32 (6 bits each), so a screen's
 * counts are six additions and "does anything pay" one mask: a field f holds f + 24 ≥ 32 exactly
 * when f ≥ 8 (any count up to 30 fits without carrying). Most spins pay nothing and end there.
 */
interface PackedSet {
  /** packed[offset[w · reels + r] + stop]: word w of the counts of reel r's window at `stop`. */
  packed: Int32Array;
  offset: Int32Array;
}

const PER_WORD = 5;

function packCounts(m: Machine, set: CompiledSet): PackedSet {
  const wordCount = Math.ceil(m.symbolCount / PER_WORD);
  const offset = new Int32Array(wordCount * m.reels);
  let size = 0;
  for (let w = 0; w < wordCount; w++) {
    for (let r = 0; r < m.reels; r++) {
      offset[w * m.reels + r] = size;
      size += set.lengths[r] as number;
    }
  }
  const packed = new Int32Array(size);
  for (let w = 0; w < wordCount; w++) {
    for (let r = 0; r < m.reels; r++) {
      const strip = set.strips[r] as Int32Array;
      for (let stop = 0; stop < (set.lengths[r] as number); stop++) {
        let word = 0;
        for (let row = 0; row < m.rows; row++) {
          const s = strip[stop + row] as number;
          if (Math.floor(s / PER_WORD) === w) word += 1 << (6 * (s % PER_WORD));
        }
        packed[(offset[w * m.reels + r] as number) + stop] = word;
      }
    }
  }
  return { packed, offset };
}

/** Samples `rounds` paid spins' stops and adds each round's conditional expectation. */
export function estimateRounds(
  model: GameModel,
  mode: Exclude<BetMode, 'buy'>,
  rounds: number,
  rng: Rng,
  sequences: SequenceSample,
  /** false: every screen through the engine's own evaluation (the test of the packed counts). */
  packedCounts = true,
): EstimateTally {
  const m = machineFor(model);
  const multiplier = model.multiplier;
  const scatter = model.scatter;
  const ev = model.evaluation;
  if (ev.kind !== 'anywhere' || !multiplier || !scatter)
    throw new Error(`${model.slug} is not a tumbling multiplier game`);
  if (model.collect || model.pick) throw new Error(`${model.slug}: features the estimator does not model`);
  const choice = mode === 'special' ? m.special : m.base;
  if (!choice) throw new Error(`${model.slug} has no ${mode} mode`);
  const cap = m.capCoins;
  const tally = emptyEstimate(m, modeCostCoins(model, mode));
  const values = multiplier.values;
  const mu =
    values.values.reduce((s, v, i) => s + v * (values.weights[i] as number), 0) /
    values.weights.reduce((s, w) => s + w, 0);
  const top = Math.max(...values.values.filter((_, i) => (values.weights[i] as number) > 0));
  const multiplierTable = m.tables.multiplier;
  if (!multiplierTable) throw new Error('no multiplier table');
  // The law of the sum of k multipliers, built once per k (k ≤ cells).
  const single = lawOfTable(values.values, values.weights, top * m.cells);
  const multiplierSums: Law[] = [];
  const sumLaw = (k: number): Law => {
    let law = multiplierSums[k];
    if (!law) {
      law = power(single, k);
      multiplierSums[k] = law;
    }
    return law;
  };
  const stride = m.cells + 1;
  // The wins of the chain in progress, credited once k is known.
  const wins: number[] = [];
  const onWin = (symbol: number, count: number, coins: number) => {
    wins.push(symbol * stride + count, coins);
  };
  const hooks = { onLand: null, onWin, onTumble: null };
  if (m.cells > 30 || m.symbolCount > 3 * PER_WORD)
    throw new Error(`${model.slug}: too large for packed counts`);
  const packed = new Map<CompiledSet, PackedSet>(choice.sets.map((set) => [set, packCounts(m, set)]));
  const wordCount = Math.ceil(m.symbolCount / PER_WORD);
  // Per word: the bias that lifts a count ≥ minCount into its field's top bit, and the regular symbols' top bits.
  const bias = new Int32Array(wordCount);
  const paying = new Int32Array(wordCount);
  for (let s = 0; s < m.symbolCount; s++) {
    const w = Math.floor(s / PER_WORD);
    const shift = 6 * (s % PER_WORD);
    bias[w] = (bias[w] as number) + ((32 - ev.minCount) << shift);
    if (m.kinds[s] === KIND_REGULAR) paying[w] = (paying[w] as number) | (32 << shift);
  }
  const scatterWord = Math.floor(scatter.symbol / PER_WORD);
  const scatterShift = 6 * (scatter.symbol % PER_WORD);
  const sums = new Int32Array(wordCount);
  const reelCount = m.reels;
  for (let i = 0; i < rounds; i++) {
    wins.length = 0;
    const set = drawStops(m, choice, rng);
    const { packed: counts, offset } = packed.get(set) as PackedSet;
    const stops = m.stops;
    let pays = 0;
    for (let w = 0, at = 0; w < wordCount; w++) {
      let sum = 0;
      for (let r = 0; r < reelCount; r++, at++)
        sum += counts[(offset[at] as number) + (stops[r] as number)] as number;
      sums[w] = sum;
      pays |= (sum + (bias[w] as number)) & (paying[w] as number);
    }
    let W = 0;
    let k = 0;
    let n: number;
    if (pays === 0 && packedCounts) {
      // Nothing pays: no tumble, no multiplier; only the scatters count.
      n = ((sums[scatterWord] as number) >> scatterShift) & 63;
    } else {
      showStops(m, set);
      W = tumbleChain(m, ev.minCount, hooks);
      for (let c = 0; c < m.cells; c++) if (m.kinds[m.screen[c] as number] === KIND_MULTIPLIER) k++;
      n = countKind(m, scatter.symbol);
    }
    const S = byCount(scatter.pays, n);
    const spins = model.freeSpins ? byCount(scatter.trigger, n) : 0;
    const multiplied = W > 0 && k > 0;
    // E[min(T, cap) | stops] and P(T ≥ cap | stops).
    let spin: number;
    let capped: number;
    if (!multiplied) {
      spin = Math.min(W + S, cap);
      capped = W + S >= cap ? 1 : 0;
    } else if (W * k * top + S < cap) {
      spin = W * k * mu + S;
      capped = 0;
    } else {
      spin = 0;
      capped = 0;
      const law = sumLaw(k);
      for (let f = 0; f < law.length; f++) {
        const p = law[f] as number;
        if (p === 0) continue;
        const t = W * f + S;
        spin += p * Math.min(t, cap);
        if (t >= cap) capped += p;
      }
    }
    let y = spin;
    let hit = W > 0 || S > 0 ? 1 : 0;
    if (spins > 0) {
      // One draw of the multipliers stands for their law here: triggers are rare, and the
      // sequence term is already an average over the sample.
      let f = 0;
      if (multiplied) for (let j = 0; j < k; j++) f += drawFrom(multiplierTable, rng);
      const t = multiplied ? W * f + S : W + S;
      const above = sequenceAbove(sequences, t);
      y += above.gain;
      if (t < cap) capped += above.reach;
      if (hit === 0) hit = positiveShare(sequences);
      tally.triggers++;
    }
    tally.sum += y;
    tally.sumSquares += y * y;
    tally.spinSum += spin;
    tally.hits += hit;
    tally.capChance += capped;
    tally.capChanceSquares += capped * capped;
    tally.byScatters[n] = (tally.byScatters[n] as number) + 1;
    const factor = multiplied ? k * mu : 1;
    for (let j = 0; j < wins.length; j += 2) {
      const key = wins[j] as number;
      tally.comboWins[key] = (tally.comboWins[key] as number) + 1;
      tally.comboCoins[key] = (tally.comboCoins[key] as number) + (wins[j + 1] as number) * factor;
    }
  }
  tally.rounds = rounds;
  return tally;
}

const positiveShares = new WeakMap<SequenceSample, number>();

/** Share of sequences that pay anything. */
function positiveShare(sample: SequenceSample): number {
  let share = positiveShares.get(sample);
  if (share === undefined) {
    share = (sample.sorted.length - lowerBound(sample.sorted, 1e-9)) / sample.sorted.length;
    positiveShares.set(sample, share);
  }
  return share;
}

/** z for a two-sided 99% interval. */
const Z99 = 2.5758293035489;

export interface EstimateSummary {
  rounds: number;
  rtp: number;
  /** 99 % half-width of `rtp`, both variance sources combined. */
  halfWidth99: number;
  /** σ of Y in stakes (the conditional expectation's spread, not a round's). */
  sdOfEstimate: number;
  spinRtp: number;
  featureRtp: number;
  hitFrequency: number;
  triggerFrequency: number;
  capProbability: number;
  capHalfWidth99: number;
}

export function summarizeEstimate(t: EstimateTally, sequences: SequenceSample): EstimateSummary {
  const n = t.rounds;
  const cost = t.costCoins;
  const meanY = t.sum / n;
  const varY = Math.max(0, t.sumSquares / n - meanY * meanY) * (n / Math.max(1, n - 1));
  const m = sequences.sorted.length;
  const meanF = (sequences.prefix[m] as number) / m;
  let sq = 0;
  for (let i = 0; i < m; i++) sq += ((sequences.sorted[i] as number) - meanF) ** 2;
  const varF = sq / Math.max(1, m - 1);
  const trigger = t.triggers / n;
  const variance = varY / n + (trigger * trigger * varF) / m;
  const capMean = t.capChance / n;
  const capVar = Math.max(0, t.capChanceSquares / n - capMean * capMean);
  return {
    rounds: n,
    rtp: meanY / cost,
    halfWidth99: (Z99 * Math.sqrt(variance)) / cost,
    sdOfEstimate: Math.sqrt(varY) / cost,
    spinRtp: t.spinSum / n / cost,
    featureRtp: (t.sum - t.spinSum) / n / cost,
    hitFrequency: t.hits / n,
    triggerFrequency: trigger,
    capProbability: capMean,
    capHalfWidth99: Z99 * Math.sqrt(capVar / n),
  };
}

/** A seeded stream for a job (chunk k = stream k, as the simulator's). */
export function streamRng(seed: bigint | number, stream: number): Rng {
  return createSeededRng(seed, stream);
}
