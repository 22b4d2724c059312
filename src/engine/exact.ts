// Exact full-cycle calculation: every stop combination of a reel set, each weighted by its
// probability, for the pays read off one screen (lines or ways, scatter pays, collector pays at
// the mean money value). Features that need more draws (free spins, picks, hold-and-collect) are
// counted as trigger probabilities; their value comes from the simulator.
import { type CompiledSet, countKind, evaluateLines, evaluateWays, type Machine } from './machine.ts';
import type { BetMode, GameModel, WeightedTable } from './model.ts';
import { machineFor, modeCostCoins } from './spin.ts';

export interface ExactSetResult {
  reelSet: string;
  combinations: number;
  /** Expected coins per spin from the screen alone. */
  expectedCoins: number;
  hitCombinations: number;
  /** Combinations that start a feature (free spins, pick, hold-and-collect). */
  triggerCombinations: number;
}

export interface ExactResult {
  mode: BetMode;
  costCoins: number;
  sets: ExactSetResult[];
  combinations: number;
  /** Base-game RTP from the screen alone, as a fraction of the stake. */
  screenRtp: number;
  hitFrequency: number;
  triggerProbability: number;
  seconds: number;
}

export function isEnumerable(model: GameModel): boolean {
  return model.evaluation.kind !== 'anywhere';
}

function tableMean(table: WeightedTable): number {
  let sum = 0;
  let weight = 0;
  table.values.forEach((v, i) => {
    sum += v * (table.weights[i] as number);
    weight += table.weights[i] as number;
  });
  return sum / weight;
}

function enumerateSet(m: Machine, set: CompiledSet): ExactSetResult {
  const model = m.model;
  const { reels, rows, screen } = m;
  const scatter = model.scatter;
  const collect = model.collect;
  const pick = model.pick;
  const moneyMean = collect ? tableMean(collect.values) : 0;
  const stops = new Int32Array(reels);
  const lengths = set.lengths;
  let combinations = 1;
  for (let r = 0; r < reels; r++) combinations *= lengths[r] as number;
  const fill = (r: number) => {
    const strip = set.strips[r] as Int32Array;
    const stop = stops[r] as number;
    for (let row = 0; row < rows; row++) screen[r * rows + row] = strip[stop + row] as number;
  };
  for (let r = 0; r < reels; r++) fill(r);
  let total = 0;
  let hits = 0;
  let triggers = 0;
  const lines = model.evaluation.kind === 'lines';
  for (let i = 0; i < combinations; i++) {
    let win = lines ? evaluateLines(m, 1, null) : evaluateWays(m, null);
    let trigger = false;
    if (scatter) {
      const n = countKind(m, scatter.symbol);
      win += scatter.pays[n] ?? 0;
      trigger ||= (scatter.trigger[n] ?? 0) > 0;
    }
    if (collect) {
      const money = countKind(m, collect.moneySymbol);
      if (money > 0 && countKind(m, collect.collectorSymbol) > 0) win += money * moneyMean;
      trigger ||= money >= collect.holdTrigger;
    }
    if (pick) trigger ||= countKind(m, pick.bonusSymbol) >= pick.trigger;
    total += win;
    if (win > 0) hits++;
    if (trigger) triggers++;
    // Odometer: advance the last reel, carrying left.
    for (let r = reels - 1; r >= 0; r--) {
      const next = (stops[r] as number) + 1;
      if (next < (lengths[r] as number)) {
        stops[r] = next;
        fill(r);
        break;
      }
      stops[r] = 0;
      fill(r);
    }
  }
  return {
    reelSet: set.id,
    combinations,
    expectedCoins: total / combinations,
    hitCombinations: hits,
    triggerCombinations: triggers,
  };
}

/** Exact screen RTP of a paid mode: each reel set of the mode enumerated, mixed by its weight. */
export function exactScreenRtp(model: GameModel, mode: 'base' | 'special'): ExactResult {
  if (!isEnumerable(model)) throw new Error(`${model.slug}: pay-anywhere with tumbles is not enumerable`);
  const started = performance.now();
  const m = machineFor(model);
  const choice = mode === 'special' ? m.special : m.base;
  if (!choice) throw new Error(`${model.slug} has no ${mode} mode`);
  const sets = choice.sets.map((set) => enumerateSet(m, set));
  const totalWeight = choice.table.total;
  let expected = 0;
  let hit = 0;
  let trigger = 0;
  sets.forEach((s, i) => {
    const weight =
      (i === 0
        ? (choice.table.cumulative[0] as number)
        : (choice.table.cumulative[i] as number) - (choice.table.cumulative[i - 1] as number)) / totalWeight;
    expected += weight * s.expectedCoins;
    hit += (weight * s.hitCombinations) / s.combinations;
    trigger += (weight * s.triggerCombinations) / s.combinations;
  });
  const costCoins = modeCostCoins(model, mode);
  return {
    mode,
    costCoins,
    sets,
    combinations: sets.reduce((sum, s) => sum + s.combinations, 0),
    screenRtp: expected / costCoins,
    hitFrequency: hit,
    triggerProbability: trigger,
    seconds: (performance.now() - started) / 1000,
  };
}
