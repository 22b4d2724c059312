// Exact full-cycle calculation: every stop combination of a reel set, each weighted by its
// probability, for the pays read off one screen (lines or ways, scatter pays, collector pays at
// the mean money value). Features that need more draws (free spins, picks, hold-and-collect) are
// counted as trigger probabilities; their value comes from the simulator.
import type { CompiledSet, Machine } from '../engine/machine.ts';
import type { BetMode, GameModel, WeightedTable } from '../engine/model.ts';
import { machineFor, modeCostCoins } from '../engine/spin.ts';

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

/**
 * Walks every stop combination reel by reel, carrying each payline (or ways symbol) that is still
 * running; a line that stops paying is settled once for all the combinations below it, so the
 * innermost reel only touches lines still alive through every reel before it.
 */
function enumerateSet(m: Machine, set: CompiledSet): ExactSetResult {
  const model = m.model;
  const { reels, rows, kinds, pays, payStride, wild } = m;
  const scatterSymbol = model.scatter?.symbol ?? -1;
  const scatterPays = model.scatter?.pays ?? [];
  const scatterTrigger = model.scatter?.trigger ?? [];
  const collect = model.collect;
  const moneySymbol = collect?.moneySymbol ?? -1;
  const collectorSymbol = collect?.collectorSymbol ?? -1;
  const holdTrigger = collect?.holdTrigger ?? Number.POSITIVE_INFINITY;
  const moneyMean = collect ? tableMean(collect.values) : 0;
  const bonusSymbol = model.pick?.bonusSymbol ?? -1;
  const pickTrigger = model.pick?.trigger ?? Number.POSITIVE_INFINITY;
  const ways = model.evaluation.kind === 'ways';
  // Units alive at each depth: paylines for lines games, symbols for ways games.
  const unitCount = ways ? m.symbolCount : m.lineCount;
  const lineRows = new Int32Array(unitCount * reels);
  for (let u = 0; u < unitCount && !ways; u++) {
    for (let r = 0; r < reels; r++) lineRows[u * reels + r] = (m.lines[u * reels + r] as number) % rows;
  }
  const depth = reels + 1;
  const alive = new Int32Array(depth * unitCount);
  const aliveCount = new Int32Array(depth);
  const unitSymbol = new Int32Array(depth * unitCount);
  const unitLead = new Int32Array(depth * unitCount);
  const unitWays = new Float64Array(depth * unitCount);
  const settled = new Float64Array(depth);
  const scatters = new Int32Array(depth);
  const money = new Int32Array(depth);
  const collectors = new Int32Array(depth);
  const bonuses = new Int32Array(depth);
  let started = 0;
  for (let u = 0; u < unitCount; u++) {
    if (ways && kinds[u] !== 0) continue;
    alive[started] = u;
    unitSymbol[started] = ways ? u : -1;
    unitWays[started] = 1;
    started++;
  }
  aliveCount[0] = started;
  let combinations = 1;
  for (let r = 0; r < reels; r++) combinations *= set.lengths[r] as number;
  let total = 0;
  let moneyCollected = 0;
  let hits = 0;
  let triggers = 0;

  // Pay of a line that ran `count` reels: the better of its symbol and its leading wilds.
  const linePay = (symbol: number, count: number, lead: number): number => {
    const pay = symbol >= 0 ? (pays[symbol * payStride + count] as number) : 0;
    const wildPay = lead > 0 ? (pays[wild * payStride + lead] as number) : 0;
    return Math.max(pay, wildPay);
  };

  const walk = (r: number): void => {
    const strip = set.strips[r] as Int32Array;
    const length = set.lengths[r] as number;
    const inBase = r * unitCount;
    const outBase = (r + 1) * unitCount;
    const last = r === reels - 1;
    for (let stop = 0; stop < length; stop++) {
      let sc = scatters[r] as number;
      let mo = money[r] as number;
      let co = collectors[r] as number;
      let bo = bonuses[r] as number;
      for (let row = 0; row < rows; row++) {
        const s = strip[stop + row] as number;
        if (s === scatterSymbol) sc++;
        else if (s === moneySymbol) mo++;
        else if (s === collectorSymbol) co++;
        else if (s === bonusSymbol) bo++;
      }
      let fixed = settled[r] as number;
      let next = 0;
      const n = aliveCount[r] as number;
      for (let i = 0; i < n; i++) {
        const u = alive[inBase + i] as number;
        let symbol = unitSymbol[inBase + i] as number;
        let lead = unitLead[inBase + i] as number;
        let w = unitWays[inBase + i] as number;
        let continues: boolean;
        if (ways) {
          let onReel = 0;
          for (let row = 0; row < rows; row++) {
            const s = strip[stop + row] as number;
            if (s === symbol || s === wild) onReel++;
          }
          continues = onReel > 0;
          if (continues) w *= onReel;
          else fixed += (pays[symbol * payStride + r] as number) * w;
        } else {
          const s = strip[stop + (lineRows[u * reels + r] as number)] as number;
          const kind = kinds[s] as number;
          if (kind === 1) {
            continues = true;
            if (symbol < 0) lead++;
          } else if (symbol < 0 && kind === 0) {
            continues = true;
            symbol = s;
          } else continues = s === symbol;
          if (!continues) fixed += linePay(symbol, r, lead);
        }
        if (continues) {
          if (last) {
            fixed += ways ? (pays[symbol * payStride + reels] as number) * w : linePay(symbol, reels, lead);
          } else {
            alive[outBase + next] = u;
            unitSymbol[outBase + next] = symbol;
            unitLead[outBase + next] = lead;
            unitWays[outBase + next] = w;
            next++;
          }
        }
      }
      if (last) {
        let win = fixed + (scatterPays[sc] ?? 0);
        if (co > 0 && mo > 0) {
          moneyCollected += mo;
          win += mo * moneyMean;
        }
        total += fixed + (scatterPays[sc] ?? 0);
        if (win > 0) hits++;
        if ((scatterTrigger[sc] ?? 0) > 0 || mo >= holdTrigger || bo >= pickTrigger) triggers++;
      } else {
        aliveCount[r + 1] = next;
        settled[r + 1] = fixed;
        scatters[r + 1] = sc;
        money[r + 1] = mo;
        collectors[r + 1] = co;
        bonuses[r + 1] = bo;
        walk(r + 1);
      }
    }
  };
  walk(0);
  return {
    reelSet: set.id,
    combinations,
    expectedCoins: (total + moneyCollected * moneyMean) / combinations,
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
