// A mode's certified figures, by one of two methods: exact (line and ways games: the round's whole
// win law, exact.ts) or estimated (tumbling pay-anywhere games: estimate.ts). Each is checked
// against a plain simulation of whole rounds through the engine's play path.
import type { BetMode, GameModel } from '../engine/model.ts';
import { machineFor, modeCostCoins } from '../engine/spin.ts';
import type { CertifiedMode, CrossCheck, MaxWinProbability, ParSheet } from '../games/certificates.ts';
import {
  type EstimateSummary,
  type EstimateTally,
  emptyEstimate,
  mergeEstimates,
  type SequenceSample,
  sequenceSampleOf,
  summarizeEstimate,
} from './estimate.ts';
import { type ExactMode, exactMode, mergeCombinations, progress } from './exact.ts';
import { oneIn, percent, scientific, significant } from './format.ts';
import type { EstimateJob, SequenceJob } from './job.ts';
import type { Law } from './law.ts';
import { chunksOf, runJobs, simulateParallel } from './pool.ts';
import { summarize, type Tally, WIN_BUCKETS, Z99 } from './tally.ts';

/** The model being certified or tuned, and how a worker rebuilds it (levers while tuning). */
export interface ModelRef {
  model: GameModel;
  slug: string;
  levers: Record<string, number[]> | null;
}

export interface FigureOptions {
  seed: bigint;
  workers: number;
  /** Target half-width of the 99 % interval, as a fraction (0.001 = 0.1 pp). */
  halfWidth: number;
  pilotRounds: number;
  crossCheckRounds: number;
  chunk: number;
  /** A progress bar: `update(done)` out of `total`; `stop()` when the step is over. */
  bar(label: string, total: number): { update(done: number, note?: string): void; stop(): void };
}

/** A mode's certified figure with what the report and the charts need beside it. */
export interface ModeFigure {
  mode: BetMode;
  figure: CertifiedMode;
  /** The certified RTP as a fraction, unrounded (the tuner's target function). */
  value: number;
  /** Share of rounds per win bucket (WIN_BUCKETS, × stake), for the distribution chart. */
  buckets: number[];
  /** Running RTP by chunk, for the convergence chart. */
  convergence: Array<{ rounds: number; rtp: number; halfWidth: number }>;
  /** The most a round pays, in coins, and its chance in this mode. */
  maxCoins: number;
  maxKind: 'exact' | 'cap';
  maxProbability: MaxWinProbability | null;
  seconds: number;
}

export function bucketsOfLaw(law: Law, costCoins: number): number[] {
  const shares = new Array(WIN_BUCKETS.length + 1).fill(0);
  for (let x = 0; x < law.length; x++) {
    const p = law[x] as number;
    if (p === 0) continue;
    const ratio = x / costCoins;
    let b = 0;
    while (b < WIN_BUCKETS.length && ratio > (WIN_BUCKETS[b] as number)) b++;
    shares[b] += p;
  }
  return shares;
}

async function crossCheck(
  ref: ModelRef,
  mode: BetMode,
  certified: number,
  certifiedHalfWidth: number,
  options: FigureOptions,
  seedOffset: bigint,
): Promise<{ check: CrossCheck; tally: Tally }> {
  const bar = options.bar(`${ref.slug} ${ref.model.variant} ${mode}: cross-check`, options.crossCheckRounds);
  const tally = await simulateParallel({
    slug: ref.slug,
    variant: ref.model.variant,
    levers: ref.levers,
    mode,
    rounds: options.crossCheckRounds,
    seed: options.seed + seedOffset,
    workers: options.workers,
    chunk: options.chunk,
    onProgress: (done) => bar.update(done),
  });
  bar.stop();
  const s = summarize(tally);
  return {
    tally,
    check: {
      rounds: s.rounds,
      rtp: percent(s.rtp),
      halfWidth99: percent(s.halfWidth99, 3),
      agrees: Math.abs(s.rtp - certified) <= s.halfWidth99 + certifiedHalfWidth,
      maxWinX: significant(s.maxWinX, 6),
      capHits: s.capHits,
    },
  };
}

function exactProbability(exact: ExactMode): MaxWinProbability {
  return exact.maxProbabilityKind === 'bound'
    ? {
        oneIn: oneIn(exact.maxProbability),
        value: scientific(exact.maxProbability),
        kind: 'bound',
        basis:
          'at most this: a Chernoff bound E[e^θX]·e^(−θ·cap) over the exact laws of the paid spin and of the free spins (their chance is below the rounding floor of the computed law)',
      }
    : {
        oneIn: oneIn(exact.maxProbability),
        value: scientific(exact.maxProbability),
        kind: 'exact',
        basis:
          exact.maxKind === 'cap'
            ? 'the mass the capped law of a round puts on the cap, computed over every outcome'
            : 'the mass of the largest win in the law of a round, computed over every outcome',
      };
}

export async function exactFigure(
  ref: ModelRef,
  mode: BetMode,
  options: FigureOptions,
  seedOffset: bigint,
): Promise<ModeFigure> {
  const started = performance.now();
  const { model, slug } = ref;
  const bar = options.bar(`${slug} ${model.variant} ${mode}: full cycle`, 1);
  progress.current = (done, of) => bar.update(done / of);
  const exact = exactMode(model, mode);
  progress.current = null;
  bar.update(1);
  bar.stop();
  const { check } = await crossCheck(ref, mode, exact.rtp, 0, options, seedOffset);
  const m = machineFor(model);
  const choice = mode === 'special' ? m.special : mode === 'base' ? m.base : null;
  const weights: Record<string, string> = {};
  const chanceOf = (c: NonNullable<typeof choice>, i: number) =>
    ((c.table.cumulative[i] as number) - (i === 0 ? 0 : (c.table.cumulative[i - 1] as number))) /
    c.table.total;
  choice?.sets.forEach((set, i) => {
    weights[set.id] = percent(chanceOf(choice, i), 4);
  });
  if (m.free && (exact.freeSpinsPerRound > 0 || mode !== 'buy'))
    m.free.sets.forEach((set, i) => {
      weights[`free:${set.id}`] = percent(chanceOf(m.free as NonNullable<typeof choice>, i), 4);
    });
  const par: ParSheet = {
    reelSetWeights: weights,
    triggers: exact.triggers.map((t) => ({
      scatters: t.scatters,
      oneIn: oneIn(t.probability),
      probability: scientific(t.probability),
      freeSpins: t.freeSpins,
    })),
    freeSpinsPerRound: model.freeSpins ? significant(exact.freeSpinsPerRound, 6) : null,
    combinations: mergeCombinations(exact.combinations).map((c) => ({
      phase: c.phase,
      kind: c.kind,
      symbol: c.symbol,
      count: c.count,
      oneIn: oneIn(c.perSpin),
      rtp: percent(c.rtp, 4),
    })),
    features: featureShares(model, exact),
  };
  return {
    mode,
    value: exact.rtp,
    figure: {
      rtp: percent(exact.rtp),
      method: 'exact',
      exactRtp: percent(exact.rtp, 4),
      estimator: null,
      rounds: check.rounds,
      halfWidth99: '0.000',
      meetsPrecision: true,
      crossCheck: check,
      hitFrequency: percent(exact.hitFrequency),
      sd: significant(exact.sd),
      volatilityIndex: significant(Z99 * exact.sd),
      featureFrequency: percent(exact.featureFrequency, 4),
      baseRtp: percent(exact.baseRtp),
      featureRtp: percent(exact.featureRtp),
      maxWinProbability: exactProbability(exact),
      par,
    },
    buckets: bucketsOfLaw(exact.law, exact.costCoins),
    convergence: [],
    maxCoins: exact.maxCoins,
    maxKind: exact.maxKind,
    maxProbability: exactProbability(exact),
    seconds: (performance.now() - started) / 1000,
  };
}

function featureShares(model: GameModel, exact: ExactMode): Record<string, string> {
  const name = model.freeSpins
    ? 'free spins'
    : model.collect
      ? 'hold-and-collect'
      : model.pick
        ? 'pick bonus'
        : null;
  return name && exact.featureRtp > 0 ? { [name]: percent(exact.featureRtp, 4) } : {};
}

/** The free-spins sequences of a variant, sampled once for all its modes (estimate.ts). */
export async function sampleSequences(
  ref: ModelRef,
  spins: number,
  rounds: number,
  firstStream: number,
  options: FigureOptions,
): Promise<Float64Array> {
  const { model, slug } = ref;
  const jobs: SequenceJob[] = chunksOf(rounds, options.chunk / 10, firstStream).map((c) => ({
    kind: 'sequences',
    slug,
    variant: model.variant,
    levers: ref.levers,
    spins,
    rounds: c.rounds,
    seed: String(options.seed + 7n),
    stream: c.stream,
  }));
  const parts: Float64Array[] = new Array(jobs.length);
  const bar = options.bar(`${slug} ${model.variant}: free-spins sequences`, rounds);
  let done = 0;
  await runJobs(jobs, options.workers, (i, result) => {
    parts[i] = result as Float64Array;
    done += (result as Float64Array).length;
    bar.update(done);
  });
  bar.stop();
  const out = new Float64Array(rounds);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function sampleStats(wins: Float64Array): { mean: number; sd: number } {
  let sum = 0;
  for (const w of wins) sum += w;
  const mean = sum / wins.length;
  let sq = 0;
  for (const w of wins) sq += (w - mean) ** 2;
  return { mean, sd: Math.sqrt(sq / Math.max(1, wins.length - 1)) };
}

/** A variant's free-spins sample, large enough for the bought feature's own ±h. */
export async function sequenceSampleFor(
  ref: ModelRef,
  options: FigureOptions,
): Promise<{ wins: Float64Array; sample: SequenceSample }> {
  const { model } = ref;
  const spins = freeSpinsOfTrigger(model);
  const cost = model.modes.buy ? modeCostCoins(model, 'buy') : model.lineCost;
  const pilot = await sampleSequences(ref, spins, Math.max(10_000, options.pilotRounds / 10), 0, options);
  const { sd } = sampleStats(pilot);
  const wanted = Math.ceil(((Z99 * sd) / cost / options.halfWidth) ** 2 * 1.05);
  const rounds = Math.max(wanted, 1_000_000);
  const wins = await sampleSequences(ref, spins, rounds, 1_000, options);
  return { wins, sample: sequenceSampleOf(wins, machineFor(model).capCoins) };
}

/** The spins every trigger awards (the estimator needs one sequence law for all triggers). */
export function freeSpinsOfTrigger(model: GameModel): number {
  const awards = new Set((model.scatter?.trigger ?? []).filter((n) => n > 0));
  if (model.modes.buy?.feature === 'free_spins') awards.add(model.freeSpins?.buySpins ?? 0);
  if (awards.size !== 1)
    throw new Error(`${model.slug}: the estimator needs every trigger to award the same spins`);
  return [...awards][0] as number;
}

/** The bought feature of a tumbling game: the mean of the sequence sample itself. */
export async function estimatedBuyFigure(
  ref: ModelRef,
  wins: Float64Array,
  options: FigureOptions,
  seedOffset: bigint,
): Promise<ModeFigure> {
  const started = performance.now();
  const { model } = ref;
  const cost = modeCostCoins(model, 'buy');
  const cap = machineFor(model).capCoins;
  const { mean, sd } = sampleStats(wins);
  const rtp = mean / cost;
  const half = (Z99 * sd) / cost / Math.sqrt(wins.length);
  let capHits = 0;
  let hits = 0;
  const buckets = new Array(WIN_BUCKETS.length + 1).fill(0);
  for (const w of wins) {
    if (w >= cap) capHits++;
    if (w > 0) hits++;
    const ratio = w / cost;
    let b = 0;
    while (b < WIN_BUCKETS.length && ratio > (WIN_BUCKETS[b] as number)) b++;
    buckets[b]++;
  }
  const { check } = await crossCheck(ref, 'buy', rtp, half, options, seedOffset);
  const capP = capHits / wins.length;
  return {
    mode: 'buy',
    value: rtp,
    figure: {
      rtp: percent(rtp),
      method: 'simulated',
      exactRtp: null,
      estimator: `mean of ${wins.length} simulated free-spins sequences (the bought feature), each capped as the game caps it`,
      rounds: wins.length,
      halfWidth99: percent(half, 3),
      meetsPrecision: half <= options.halfWidth,
      crossCheck: check,
      hitFrequency: percent(hits / wins.length),
      sd: significant(sd / cost),
      volatilityIndex: significant((Z99 * sd) / cost),
      featureFrequency: percent(1, 4),
      baseRtp: percent(0),
      featureRtp: percent(rtp),
      maxWinProbability: estimatedProbability(
        capP,
        Z99 * Math.sqrt((capP * (1 - capP)) / wins.length),
        wins.length,
      ),
      par: {
        reelSetWeights: {},
        triggers: [],
        freeSpinsPerRound: null,
        combinations: [],
        features: { 'free spins': percent(rtp, 4) },
      },
    },
    buckets: buckets.map((n) => n / wins.length),
    convergence: [],
    maxCoins: cap,
    maxKind: 'cap',
    maxProbability: estimatedProbability(
      capP,
      Z99 * Math.sqrt((capP * (1 - capP)) / wins.length),
      wins.length,
    ),
    seconds: (performance.now() - started) / 1000,
  };
}

function estimatedProbability(p: number, half: number, rounds: number): MaxWinProbability {
  return {
    oneIn: oneIn(p),
    value: scientific(p),
    kind: 'estimate',
    basis: `estimated over ${rounds} sampled rounds: ${scientific(Math.max(0, p - half))} to ${scientific(p + half)} at 99 %`,
  };
}

/** The paid spin (base or ante) of a tumbling game by the estimator, run until ±h. */
export async function estimatedFigure(
  ref: ModelRef,
  mode: Exclude<BetMode, 'buy'>,
  sample: SequenceSample,
  options: FigureOptions,
  seedOffset: bigint,
): Promise<ModeFigure> {
  const started = performance.now();
  const { model, slug } = ref;
  const m = machineFor(model);
  const cost = modeCostCoins(model, mode);
  const job = (rounds: number, stream: number, seed: bigint): EstimateJob => ({
    kind: 'estimate',
    slug,
    variant: model.variant,
    levers: ref.levers,
    mode,
    rounds,
    seed: String(seed),
    stream,
    sorted: sample.sorted,
    prefix: sample.prefix,
    cap: sample.cap,
  });
  const run = async (
    rounds: number,
    firstStream: number,
    seed: bigint,
    label: string,
    onChunk?: (t: EstimateTally) => void,
  ) => {
    const jobs = chunksOf(rounds, options.chunk * 4, firstStream).map((c) => job(c.rounds, c.stream, seed));
    const total = emptyEstimate(m, cost);
    const bar = options.bar(label, rounds);
    const parts: Array<EstimateTally | undefined> = new Array(jobs.length);
    let reported = 0;
    await runJobs(jobs, options.workers, (i, result) => {
      parts[i] = result as EstimateTally;
      mergeEstimates(total, result as EstimateTally);
      while (reported < parts.length && parts[reported]) {
        onChunk?.(parts[reported] as EstimateTally);
        reported++;
      }
      bar.update(total.rounds, `RTP ${percent(summarizeEstimate(total, sample).rtp)}%`);
    });
    bar.stop();
    return { total, streams: jobs.length };
  };
  const pilot = summarizeEstimate(
    (
      await run(
        options.pilotRounds,
        0,
        options.seed + seedOffset + 1_000_000n,
        `${slug} ${model.variant} ${mode}: pilot`,
      )
    ).total,
    sample,
  );
  const convergence: ModeFigure['convergence'] = [];
  let running: EstimateTally | null = null;
  const onChunk = (t: EstimateTally) => {
    running = running ? mergeEstimates(running, t) : mergeEstimates(emptyEstimate(m, cost), t);
    const s = summarizeEstimate(running, sample);
    convergence.push({ rounds: s.rounds, rtp: s.rtp, halfWidth: s.halfWidth99 });
  };
  let rounds = Math.max(options.pilotRounds, requiredRounds(pilot, options.halfWidth, sample));
  let { total, streams } = await run(
    rounds,
    0,
    options.seed + seedOffset,
    `${slug} ${model.variant} ${mode}: estimate`,
    onChunk,
  );
  let summary = summarizeEstimate(total, sample);
  // A pilot's spread can fall short of the run's: continue on fresh streams until within ±h.
  while (summary.halfWidth99 > options.halfWidth) {
    const more = Math.max(
      options.chunk * 4,
      Math.ceil(requiredRounds(summary, options.halfWidth, sample) * 1.02) - summary.rounds,
    );
    const extra = await run(
      more,
      streams,
      options.seed + seedOffset,
      `${slug} ${model.variant} ${mode}: ${more} more`,
      onChunk,
    );
    streams += extra.streams;
    total = mergeEstimates(total, extra.total);
    summary = summarizeEstimate(total, sample);
    rounds = summary.rounds;
  }
  const { check, tally } = await crossCheck(ref, mode, summary.rtp, summary.halfWidth99, options, seedOffset);
  const sim = summarize(tally);
  const combos = estimatedCombinations(model, total, cost);
  const probability = estimatedProbability(summary.capProbability, summary.capHalfWidth99, summary.rounds);
  const choice = mode === 'special' ? m.special : m.base;
  const weights: Record<string, string> = {};
  choice?.sets.forEach((set, i) => {
    const c = choice.table.cumulative;
    weights[set.id] = percent(
      ((c[i] as number) - (i === 0 ? 0 : (c[i - 1] as number))) / choice.table.total,
      4,
    );
  });
  return {
    mode,
    value: summary.rtp,
    figure: {
      rtp: percent(summary.rtp),
      method: 'simulated',
      exactRtp: null,
      estimator:
        'mean over sampled reel stops of the round’s expectation given the stops: tumble chains are fixed by the stops, multiplier values integrated exactly, free spins from an independent sample of sequences (src/certify/estimate.ts)',
      rounds: summary.rounds,
      halfWidth99: percent(summary.halfWidth99, 3),
      meetsPrecision: summary.halfWidth99 <= options.halfWidth,
      crossCheck: check,
      hitFrequency: percent(summary.hitFrequency),
      sd: significant(sim.sd),
      volatilityIndex: significant(sim.volatilityIndex),
      featureFrequency: percent(summary.triggerFrequency, 4),
      baseRtp: percent(summary.spinRtp),
      featureRtp: percent(summary.featureRtp),
      maxWinProbability: probability,
      par: {
        reelSetWeights: weights,
        triggers: total.byScatters.flatMap((n, scatters) =>
          n > 0 && model.scatter
            ? [
                {
                  scatters,
                  oneIn: oneIn(n / total.rounds),
                  probability: scientific(n / total.rounds),
                  freeSpins: model.scatter.trigger[Math.min(scatters, model.scatter.trigger.length - 1)] ?? 0,
                },
              ]
            : [],
        ),
        freeSpinsPerRound: null,
        combinations: combos,
        features: { 'free spins': percent(summary.featureRtp, 4) },
      },
    },
    buckets: tally.buckets.map((n) => n / tally.rounds),
    convergence,
    maxCoins: m.capCoins,
    maxKind: 'cap',
    maxProbability: probability,
    seconds: (performance.now() - started) / 1000,
  };
}

function requiredRounds(s: EstimateSummary, h: number, sample: SequenceSample): number {
  // half = z·sqrt(varY/n + trig²·varF/m)/cost: the sequences' share is fixed by the sample.
  const perRound = (s.sdOfEstimate * Z99) ** 2;
  const fixed = s.halfWidth99 ** 2 - perRound / s.rounds;
  const room = h * h - Math.max(0, fixed);
  if (room <= 0) throw new Error(`the free-spins sample (${sample.sorted.length}) alone exceeds ±${h}`);
  return Math.ceil(perRound / room);
}

function estimatedCombinations(model: GameModel, t: EstimateTally, cost: number): ParSheet['combinations'] {
  const m = machineFor(model);
  const stride = m.cells + 1;
  const out: ParSheet['combinations'] = [];
  t.comboWins.forEach((wins, key) => {
    if (wins === 0) return;
    out.push({
      phase: 'spin',
      kind: 'anywhere',
      symbol: model.symbols[Math.floor(key / stride)]?.code ?? '',
      count: key % stride,
      oneIn: oneIn(wins / t.rounds),
      rtp: percent((t.comboCoins[key] as number) / t.rounds / cost, 4),
    });
  });
  return out;
}
