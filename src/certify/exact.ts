// Exact full-cycle calculation: every stop combination of a reel set, each weighted by its
// probability. A combination's value is what its screen pays (lines or ways, scatter pays,
// collector pays at the mean crate value) plus the exact expectation of the feature it starts
// where that feature is a finite chain: hold-and-collect (a Markov chain over filled cells and
// respins left) and the pick bonus (a chain over picks). Free spins are counted as trigger
// probabilities only; their value comes from the simulator. The same walk finds the largest win a
// round can pay and the stops that show it.
import type { CompiledSet, Machine } from '../engine/machine.ts';
import type { BetMode, CollectDef, GameModel, PickDef, WeightedTable } from '../engine/model.ts';
import { machineFor, modeCostCoins } from '../engine/spin.ts';

export interface ExactSetResult {
  reelSet: string;
  combinations: number;
  /** Expected coins per spin from the screen alone. */
  expectedCoins: number;
  /** Expected coins per spin from the hold-and-collect and pick features the screen starts. */
  expectedFeatureCoins: number;
  hitCombinations: number;
  /** Combinations that start a feature (free spins, pick, hold-and-collect). */
  triggerCombinations: number;
  /** Largest coins a round starting from one of these screens can pay (screen plus finite features). */
  maxCoins: number;
  /** Stops (one per reel) of a screen that starts the largest round. */
  maxStops: number[];
}

export interface ExactResult {
  mode: BetMode;
  costCoins: number;
  sets: ExactSetResult[];
  combinations: number;
  /** Base-game RTP from the screen alone, as a fraction of the stake. */
  screenRtp: number;
  /** RTP of the hold-and-collect and pick features, exact (free spins are not included). */
  featureRtp: number;
  /** Screen plus exact features: the whole round's RTP when the model has no free spins. */
  roundRtp: number;
  hitFrequency: number;
  triggerProbability: number;
  /** Largest round win in coins (free spins not included) and where it comes from. */
  maxCoins: number;
  maxWitness: { set: number; stops: number[] };
  seconds: number;
}

export function isEnumerable(model: GameModel): boolean {
  return model.evaluation.kind !== 'anywhere';
}

/** Whether the exact figure is the whole round: every feature a finite chain, no free spins. */
export function isFullyExact(model: GameModel): boolean {
  return isEnumerable(model) && model.freeSpins === null && model.tumble === null;
}

export function tableMean(table: WeightedTable): number {
  let sum = 0;
  let weight = 0;
  table.values.forEach((v, i) => {
    sum += v * (table.weights[i] as number);
    weight += table.weights[i] as number;
  });
  return sum / weight;
}

function tableMax(table: WeightedTable): number {
  return Math.max(...table.values.filter((_, i) => (table.weights[i] as number) > 0));
}

export interface HoldValue {
  /** expected[k]: expected coins of a hold-and-collect that starts with k money symbols. */
  expected: number[];
  /** full[k]: probability that it fills every cell. */
  full: number[];
  /** Most coins it can pay: every cell at the largest value plus the full-screen bonus. */
  max: number;
}

/**
 * Hold-and-collect as a Markov chain on (filled cells, respins left): on a respin each of the e empty
 * cells lands independently with probability p, so the number landing is Binomial(e, p); any landing
 * resets the respins. Values are drawn independently of where and when they land, so the expected
 * coins are E[filled at the end] × mean value + P(full) × bonus.
 */
export function holdValue(collect: CollectDef, cells: number): HoldValue {
  const p = collect.respinHit.hit / collect.respinHit.of;
  const lives = collect.respins;
  const binom: number[][] = [];
  for (let e = 0; e <= cells; e++) {
    const row: number[] = [];
    for (let j = 0; j <= e; j++) row.push(choose(e, j) * p ** j * (1 - p) ** (e - j));
    binom.push(row);
  }
  // memo[f][l] = [E[final filled], P(full)] from f filled with l respins left.
  const memo = new Map<number, [number, number]>();
  const value = (f: number, l: number): [number, number] => {
    if (f === cells) return [cells, 1];
    if (l === 0) return [f, 0];
    const key = f * (lives + 1) + l;
    const known = memo.get(key);
    if (known) return known;
    const e = cells - f;
    const row = binom[e] as number[];
    const [stayFilled, stayFull] = value(f, l - 1);
    let filled = (row[0] as number) * stayFilled;
    let full = (row[0] as number) * stayFull;
    for (let j = 1; j <= e; j++) {
      const [f2, full2] = value(f + j, lives);
      filled += (row[j] as number) * f2;
      full += (row[j] as number) * full2;
    }
    const result: [number, number] = [filled, full];
    memo.set(key, result);
    return result;
  };
  const mean = tableMean(collect.values);
  const expected: number[] = [];
  const fullChance: number[] = [];
  for (let k = 0; k <= cells; k++) {
    const [filled, full] = value(k, lives);
    expected.push(filled * mean + full * collect.fullScreenBonus);
    fullChance.push(full);
  }
  const max = cells * tableMax(collect.values) + (p > 0 ? collect.fullScreenBonus : 0);
  return { expected, full: fullChance, max };
}

function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}

export interface PickValue {
  /** Expected coins of one pick bonus (cash × multiplier). */
  mean: number;
  /** Probability that it pays nothing (only multiplier boosts before the gate closed). */
  zero: number;
  max: number;
  /** Prize values, in pick order, of a bonus that pays `max`. */
  maxPicks: number[];
}

/**
 * The pick bonus as a chain over picks, carrying E[1·alive], E[C·alive], E[M·alive], E[C·M·alive]
 * (C the cash so far, M the multiplier): a cash prize v maps C·M to C·M + v·M, a boost b maps it to
 * C·M + b·C, and the gate closing pays C·M. Every step is linear in those four, so the result is exact.
 */
export function pickValue(pick: PickDef): PickValue {
  const full = pick.prizes;
  const totalOf = (guaranteed: boolean) =>
    full.weights.reduce((sum, w, i) => sum + (guaranteed && full.values[i] === 0 ? 0 : w), 0);
  let alive = 1;
  let cash = 0;
  let mult = 1;
  let product = 0;
  let zero = 1;
  let mean = 0;
  let zeroEnd = 0;
  for (let i = 0; i < pick.maxPicks; i++) {
    const guaranteed = i < pick.guaranteedPicks;
    const total = totalOf(guaranteed);
    let nAlive = 0;
    let nCash = 0;
    let nMult = 0;
    let nProduct = 0;
    let nZero = 0;
    full.values.forEach((v, k) => {
      if (guaranteed && v === 0) return;
      const w = (full.weights[k] as number) / total;
      if (v === 0) {
        mean += product * w;
        zeroEnd += zero * w;
      } else if (v > 0) {
        nAlive += alive * w;
        nCash += (cash + v * alive) * w;
        nMult += mult * w;
        nProduct += (product + v * mult) * w;
      } else {
        const b = -v;
        nAlive += alive * w;
        nCash += cash * w;
        nMult += (mult + b * alive) * w;
        nProduct += (product + b * cash) * w;
        nZero += zero * w;
      }
    });
    alive = nAlive;
    cash = nCash;
    mult = nMult;
    product = nProduct;
    zero = nZero;
  }
  mean += product;
  zeroEnd += zero;
  // The largest prize: k boosts of the largest boost and the other picks at the largest cash prize.
  const cashMax = Math.max(0, ...full.values);
  const boostMax = Math.max(0, ...full.values.map((v) => -v));
  let max = 0;
  let bestBoosts = 0;
  for (let k = 0; k <= (boostMax > 0 ? pick.maxPicks : 0); k++) {
    const value = (pick.maxPicks - k) * cashMax * (1 + k * boostMax);
    if (value > max) {
      max = value;
      bestBoosts = k;
    }
  }
  const maxPicks = [
    ...new Array(bestBoosts).fill(-boostMax),
    ...new Array(pick.maxPicks - bestBoosts).fill(cashMax),
  ];
  return { mean, zero: zeroEnd, max, maxPicks };
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
  const moneyMax = collect ? tableMax(collect.values) : 0;
  const hold = collect ? holdValue(collect, m.cells) : null;
  const bonusSymbol = model.pick?.bonusSymbol ?? -1;
  const pickTrigger = model.pick?.trigger ?? Number.POSITIVE_INFINITY;
  const pick = model.pick ? pickValue(model.pick) : null;
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
  const stops = new Array<number>(reels).fill(0);
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
  let featureTotal = 0;
  let hits = 0;
  let triggers = 0;
  let maxCoins = 0;
  let maxStops: number[] = stops.slice();

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
      stops[r] = stop;
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
        const screen = fixed + (scatterPays[sc] ?? 0);
        let most = screen;
        let paysForSure = screen > 0;
        total += screen;
        if (co > 0 && mo > 0) {
          moneyCollected += mo;
          most += mo * moneyMax;
          paysForSure = true;
        }
        if (hold && mo >= holdTrigger) {
          featureTotal += hold.expected[mo] as number;
          most += hold.max;
          paysForSure = true;
        }
        if (pick && bo >= pickTrigger) {
          featureTotal += pick.mean;
          most += pick.max;
          if (!paysForSure) hits += 1 - pick.zero;
        }
        if (paysForSure) hits++;
        if ((scatterTrigger[sc] ?? 0) > 0 || mo >= holdTrigger || bo >= pickTrigger) triggers++;
        if (most > maxCoins) {
          maxCoins = most;
          maxStops = stops.slice();
        }
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
    expectedFeatureCoins: featureTotal / combinations,
    hitCombinations: hits,
    triggerCombinations: triggers,
    maxCoins,
    maxStops,
  };
}

// A walk over every screen takes seconds on the larger games; certify, the tuner and the tests ask
// for the same model several times.
const results = new WeakMap<GameModel, Partial<Record<'base' | 'special', ExactResult>>>();

/** Exact RTP of a paid mode: each reel set of the mode enumerated, mixed by its weight (memoised). */
export function exactScreenRtp(model: GameModel, mode: 'base' | 'special'): ExactResult {
  const known = results.get(model) ?? {};
  const cached = known[mode];
  if (cached) return cached;
  const result = enumerateMode(model, mode);
  results.set(model, { ...known, [mode]: result });
  return result;
}

function enumerateMode(model: GameModel, mode: 'base' | 'special'): ExactResult {
  if (!isEnumerable(model)) throw new Error(`${model.slug}: pay-anywhere with tumbles is not enumerable`);
  const started = performance.now();
  const m = machineFor(model);
  const choice = mode === 'special' ? m.special : m.base;
  if (!choice) throw new Error(`${model.slug} has no ${mode} mode`);
  const sets = choice.sets.map((set) => enumerateSet(m, set));
  const totalWeight = choice.table.total;
  let expected = 0;
  let feature = 0;
  let hit = 0;
  let trigger = 0;
  let maxCoins = 0;
  let maxWitness = { set: 0, stops: sets[0]?.maxStops ?? [] };
  sets.forEach((s, i) => {
    const weight =
      (i === 0
        ? (choice.table.cumulative[0] as number)
        : (choice.table.cumulative[i] as number) - (choice.table.cumulative[i - 1] as number)) / totalWeight;
    expected += weight * s.expectedCoins;
    feature += weight * s.expectedFeatureCoins;
    hit += (weight * s.hitCombinations) / s.combinations;
    trigger += (weight * s.triggerCombinations) / s.combinations;
    if (weight > 0 && s.maxCoins > maxCoins) {
      maxCoins = s.maxCoins;
      maxWitness = { set: i, stops: s.maxStops };
    }
  });
  const costCoins = modeCostCoins(model, mode);
  return {
    mode,
    costCoins,
    sets,
    combinations: sets.reduce((sum, s) => sum + s.combinations, 0),
    screenRtp: expected / costCoins,
    featureRtp: feature / costCoins,
    roundRtp: (expected + feature) / costCoins,
    hitFrequency: hit,
    triggerProbability: trigger,
    maxCoins,
    maxWitness,
    seconds: (performance.now() - started) / 1000,
  };
}

/** Exact RTP of a bought hold-and-collect (its start is `holdStart` crates, wherever they fall). */
export function exactBuyRtp(model: GameModel): { rtp: number; maxCoins: number } | null {
  const buy = model.modes.buy;
  if (buy?.feature !== 'hold_and_collect' || !model.collect) return null;
  const hold = holdValue(model.collect, model.reels * model.rows);
  return { rtp: (hold.expected[model.collect.holdStart] as number) / buy.costCoins, maxCoins: hold.max };
}
