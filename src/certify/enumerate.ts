// The full cycle of one reel set: every stop combination, each counted once. The walk goes reel by
// reel carrying each payline (or ways symbol) still running; a line that stops paying is settled
// once for all the combinations below it, so the innermost reel only touches lines still alive.
// Each combination's screen pay (lines or ways with any wild multiplier, scatter pays, an expanding
// symbol's pay) is counted in a histogram by its feature class: how many scatters, money symbols,
// collectors and bonus symbols it shows. Everything random beyond the stops (money values, picks,
// hold-and-collect, free spins) is laid on these histograms by exact.ts.
import type { CompiledSet, Machine } from '../engine/machine.ts';
import { byCount } from '../engine/model.ts';

export interface WalkOptions {
  /** Factor each wild applies to the line it completes (free spins of some games). */
  wildMultiplier: number;
  /** The symbol that expands over whole reels and pays on every line, or -1. */
  expanding: number;
  onProgress?: (done: number, of: number) => void;
}

/** What a screen shows that decides a feature, packed into one class key (see classKey). */
export interface ScreenClass {
  scatters: number;
  money: number;
  collector: boolean;
  bonus: number;
}

export interface SetWalk {
  reelSet: string;
  combinations: number;
  /** counts[key][coins]: combinations of that class whose screen pays `coins`. */
  classes: Map<number, Float64Array>;
  /** Line or ways wins by symbol and count (index symbol · (reels + 1) + count), weighted by combinations. */
  comboWins: Float64Array;
  comboCoins: Float64Array;
  /** Expanding-symbol wins by the number of reels it covers. */
  expandWins: Float64Array;
  expandCoins: Float64Array;
}

export function classKey(m: Machine, c: ScreenClass): number {
  const k = m.cells + 1;
  return c.scatters + k * (c.money + k * ((c.collector ? 1 : 0) + 2 * c.bonus));
}

export function classOf(m: Machine, key: number): ScreenClass {
  const k = m.cells + 1;
  const rest = Math.floor(key / k);
  const flags = Math.floor(rest / k);
  return { scatters: key % k, money: rest % k, collector: flags % 2 === 1, bonus: Math.floor(flags / 2) };
}

export function walkReelSet(m: Machine, set: CompiledSet, options: WalkOptions): SetWalk {
  const model = m.model;
  const { reels, rows, kinds, pays, payStride, wild } = m;
  const wm = options.wildMultiplier;
  const expanding = options.expanding;
  const ways = model.evaluation.kind === 'ways';
  if (model.evaluation.kind === 'anywhere') throw new Error(`${model.slug}: pay-anywhere cannot be walked`);
  if (ways && wm !== 1) throw new Error('wild multipliers on ways are not supported');
  const scatterSymbol = model.scatter?.symbol ?? -1;
  const scatterPays = Array.from({ length: m.cells + 1 }, (_, n) => byCount(model.scatter?.pays ?? [], n));
  const moneySymbol = model.collect?.moneySymbol ?? -1;
  const collectorSymbol = model.collect?.collectorSymbol ?? -1;
  const bonusSymbol = model.pick?.bonusSymbol ?? -1;
  const expandStep = expanding >= 0 ? m.lineCount : 0;
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
  const unitMult = new Float64Array(depth * unitCount);
  const settled = new Float64Array(depth);
  const scatters = new Int32Array(depth);
  const money = new Int32Array(depth);
  const collectors = new Int32Array(depth);
  const bonuses = new Int32Array(depth);
  const expandedReels = new Int32Array(depth);
  // below[r]: combinations of the reels after r, each settled line at reel r stands for that many.
  const below = new Float64Array(reels);
  below[reels - 1] = 1;
  for (let r = reels - 2; r >= 0; r--) below[r] = (below[r + 1] as number) * (set.lengths[r + 1] as number);
  const stride = reels + 1;
  const comboWins = new Float64Array(m.symbolCount * stride);
  const comboCoins = new Float64Array(m.symbolCount * stride);
  const expandWins = new Float64Array(stride);
  const expandCoins = new Float64Array(stride);
  const classes = new Map<number, Float64Array>();
  const k = m.cells + 1;
  let started = 0;
  for (let u = 0; u < unitCount; u++) {
    if (ways && kinds[u] !== 0) continue;
    alive[started] = u;
    unitSymbol[started] = ways ? u : -1;
    unitWays[started] = 1;
    unitMult[started] = 1;
    started++;
  }
  aliveCount[0] = started;
  let combinations = 1;
  for (let r = 0; r < reels; r++) combinations *= set.lengths[r] as number;

  const count = (key: number, coins: number) => {
    let counts = classes.get(key);
    if (!counts || coins >= counts.length) {
      const grown = new Float64Array(Math.max(coins + 1, (counts?.length ?? 64) * 2));
      if (counts) grown.set(counts);
      counts = grown;
      classes.set(key, counts);
    }
    counts[coins] = (counts[coins] as number) + 1;
  };

  // A line that ran `n` reels pays the better of its symbol (times its wilds' factor) and its
  // leading wilds; the winner is recorded `weight` times.
  const settleLine = (symbol: number, n: number, lead: number, mult: number, weight: number): number => {
    const pay = symbol >= 0 ? (pays[symbol * payStride + n] as number) * mult : 0;
    const wildPay = lead > 0 ? (pays[wild * payStride + lead] as number) : 0;
    if (pay === 0 && wildPay === 0) return 0;
    const [who, howMany, coins] = pay >= wildPay ? [symbol, n, pay] : [wild, lead, wildPay];
    comboWins[who * stride + howMany] = (comboWins[who * stride + howMany] as number) + weight;
    comboCoins[who * stride + howMany] = (comboCoins[who * stride + howMany] as number) + coins * weight;
    return coins;
  };
  const settleWays = (symbol: number, n: number, w: number, weight: number): number => {
    const coins = (pays[symbol * payStride + n] as number) * w;
    if (coins === 0) return 0;
    comboWins[symbol * stride + n] = (comboWins[symbol * stride + n] as number) + weight;
    comboCoins[symbol * stride + n] = (comboCoins[symbol * stride + n] as number) + coins * weight;
    return coins;
  };

  const walk = (r: number): void => {
    const strip = set.strips[r] as Int32Array;
    const length = set.lengths[r] as number;
    const inBase = r * unitCount;
    const outBase = (r + 1) * unitCount;
    const last = r === reels - 1;
    const weight = below[r] as number;
    for (let stop = 0; stop < length; stop++) {
      let sc = scatters[r] as number;
      let mo = money[r] as number;
      let co = collectors[r] as number;
      let bo = bonuses[r] as number;
      let hasExpanding = false;
      for (let row = 0; row < rows; row++) {
        const s = strip[stop + row] as number;
        if (s === scatterSymbol) sc++;
        else if (s === moneySymbol) mo++;
        else if (s === collectorSymbol) co++;
        else if (s === bonusSymbol) bo++;
        if (s === expanding) hasExpanding = true;
      }
      const ex = (expandedReels[r] as number) + (hasExpanding ? 1 : 0);
      let fixed = settled[r] as number;
      let next = 0;
      const n = aliveCount[r] as number;
      for (let i = 0; i < n; i++) {
        const u = alive[inBase + i] as number;
        let symbol = unitSymbol[inBase + i] as number;
        let lead = unitLead[inBase + i] as number;
        let w = unitWays[inBase + i] as number;
        let mult = unitMult[inBase + i] as number;
        let continues: boolean;
        if (ways) {
          let onReel = 0;
          for (let row = 0; row < rows; row++) {
            const s = strip[stop + row] as number;
            if (s === symbol || s === wild) onReel++;
          }
          continues = onReel > 0;
          if (continues) w *= onReel;
          else fixed += settleWays(symbol, r, w, weight);
        } else {
          const s = strip[stop + (lineRows[u * reels + r] as number)] as number;
          const kind = kinds[s] as number;
          if (kind === 1) {
            continues = true;
            if (symbol < 0) lead++;
            mult *= wm;
          } else if (symbol < 0 && kind === 0) {
            continues = true;
            symbol = s;
          } else continues = s === symbol;
          if (!continues) fixed += settleLine(symbol, r, lead, mult, weight);
        }
        if (continues) {
          if (last) {
            fixed += ways ? settleWays(symbol, reels, w, 1) : settleLine(symbol, reels, lead, mult, 1);
          } else {
            alive[outBase + next] = u;
            unitSymbol[outBase + next] = symbol;
            unitLead[outBase + next] = lead;
            unitWays[outBase + next] = w;
            unitMult[outBase + next] = mult;
            next++;
          }
        }
      }
      if (last) {
        let screen = fixed + (scatterPays[sc] as number);
        if (expandStep > 0) {
          const expand = (pays[expanding * payStride + ex] as number) * expandStep;
          if (expand > 0) {
            screen += expand;
            expandWins[ex] = (expandWins[ex] as number) + 1;
            expandCoins[ex] = (expandCoins[ex] as number) + expand;
          }
        }
        count(sc + k * (mo + k * ((co > 0 ? 1 : 0) + 2 * bo)), screen);
      } else {
        aliveCount[r + 1] = next;
        settled[r + 1] = fixed;
        scatters[r + 1] = sc;
        money[r + 1] = mo;
        collectors[r + 1] = co;
        bonuses[r + 1] = bo;
        expandedReels[r + 1] = ex;
        walk(r + 1);
      }
      if (r === 0) options.onProgress?.(stop + 1, length);
    }
  };
  walk(0);
  return { reelSet: set.id, combinations, classes, comboWins, comboCoins, expandWins, expandCoins };
}
