// A model compiled for speed: typed arrays, flat pay tables and scratch buffers reused by every
// spin. The screen is cell-indexed `reel * rows + row` (row 0 at the top).
import type { GameModel, ReelSetChoice, WeightedTable } from './model.ts';
import type { Rng } from './rng.ts';

export const KIND_REGULAR = 0;
export const KIND_WILD = 1;
export const KIND_SCATTER = 2;
export const KIND_MONEY = 3;
export const KIND_COLLECTOR = 4;
export const KIND_MULTIPLIER = 5;
export const KIND_BONUS = 6;

const KIND_CODES: Record<string, number> = {
  regular: KIND_REGULAR,
  wild: KIND_WILD,
  scatter: KIND_SCATTER,
  money: KIND_MONEY,
  collector: KIND_COLLECTOR,
  multiplier: KIND_MULTIPLIER,
  bonus: KIND_BONUS,
};

export interface CompiledTable {
  values: Int32Array;
  /** Running totals of the weights; doubles, because a total may reach 2^32 (Int32 stops at 2^31 − 1). */
  cumulative: Float64Array;
  total: number;
}

export interface CompiledSet {
  id: string;
  /** Strip r followed by its first `rows` stops again, so a window never wraps. */
  strips: Int32Array[];
  lengths: Int32Array;
}

export interface CompiledChoice {
  sets: CompiledSet[];
  table: CompiledTable;
}

export interface Machine {
  model: GameModel;
  reels: number;
  rows: number;
  cells: number;
  symbolCount: number;
  kinds: Uint8Array;
  /** pays[symbol * payStride + n]: coins for n of a kind. */
  pays: Int32Array;
  payStride: number;
  wild: number;
  /** Paylines flattened: lines[l * reels + r] = cell index on reel r. */
  lines: Int32Array;
  lineCount: number;
  base: CompiledChoice;
  special: CompiledChoice | null;
  free: CompiledChoice | null;
  capCoins: number;
  // Scratch state of the spin in progress.
  screen: Int32Array;
  values: Int32Array;
  stops: Int32Array;
  /** Next strip index above the window per reel (tumbles refill from here). */
  above: Int32Array;
  marked: Uint8Array;
  counts: Int32Array;
  set: CompiledSet;
  /** Whether the cap cut the last call's win. */
  capped: boolean;
  /** Coins of the last call won inside a pick or hold-and-collect (the simulator's feature share). */
  featureCoins: number;
  tables: {
    money: CompiledTable | null;
    multiplier: CompiledTable | null;
    expanding: CompiledTable | null;
    picks: CompiledTable | null;
    /** The pick prizes without `end`, for the guaranteed picks. */
    picksNoEnd: CompiledTable | null;
    /** The cash prizes alone, for the picks that always reveal cash. */
    picksCash: CompiledTable | null;
  };
  /** Whether any symbol carries a value drawn as it lands. */
  hasValues: boolean;
}

export function compileTable(table: WeightedTable): CompiledTable {
  if (table.values.length !== table.weights.length || table.values.length === 0) {
    throw new Error('weighted table needs one weight per value');
  }
  const cumulative = new Float64Array(table.weights.length);
  let total = 0;
  table.weights.forEach((w, i) => {
    if (!(Number.isInteger(w) && w >= 0)) throw new Error(`bad weight ${w}`);
    total += w;
    cumulative[i] = total;
  });
  if (total <= 0 || total > 2 ** 32) throw new Error(`weighted table total ${total} outside [1, 2^32]`);
  return { values: Int32Array.from(table.values), cumulative, total };
}

export function drawFrom(table: CompiledTable, rng: Rng): number {
  const cumulative = table.cumulative;
  if (cumulative.length === 1) return table.values[0] as number;
  const x = rng.int(table.total);
  let i = 0;
  while ((cumulative[i] as number) <= x) i++;
  return table.values[i] as number;
}

function compileChoice(model: GameModel, choice: ReelSetChoice): CompiledChoice {
  const sets = choice.ids.map((id) => {
    const set = model.reelSets.find((s) => s.id === id);
    if (!set) throw new Error(`${model.slug}: unknown reel set ${id}`);
    if (set.strips.length !== model.reels) throw new Error(`${model.slug}/${id}: wrong reel count`);
    return {
      id,
      strips: set.strips.map((strip) => Int32Array.from([...strip, ...strip.slice(0, model.rows)])),
      lengths: Int32Array.from(set.strips.map((s) => s.length)),
    };
  });
  const table = compileTable({ values: sets.map((_, i) => i), weights: choice.weights });
  return { sets, table };
}

export function compileModel(model: GameModel): Machine {
  const { reels, rows } = model;
  const cells = reels * rows;
  const symbolCount = model.symbols.length;
  const payStride = Math.max(cells, reels) + 1;
  const kinds = new Uint8Array(symbolCount);
  const pays = new Int32Array(symbolCount * payStride);
  let wild = -1;
  model.symbols.forEach((s, i) => {
    if (s.id !== i) throw new Error(`${model.slug}: symbol ids must be 0..n-1 in order`);
    const kind = KIND_CODES[s.kind];
    if (kind === undefined) throw new Error(`unknown symbol kind ${s.kind}`);
    kinds[i] = kind;
    if (kind === KIND_WILD) wild = i;
    // Pay-anywhere tables list pays up to some count; larger counts pay the last entry.
    let last = 0;
    for (let n = 0; n < payStride; n++) {
      const pay = s.pays[n];
      if (pay !== undefined) last = pay;
      pays[i * payStride + n] = model.evaluation.kind === 'anywhere' ? (pay ?? last) : (pay ?? 0);
    }
  });
  const lineRows = model.evaluation.kind === 'lines' ? model.evaluation.lines : [];
  const lines = new Int32Array(lineRows.length * reels);
  lineRows.forEach((line, l) => {
    if (line.length !== reels) throw new Error(`${model.slug}: payline ${l} has ${line.length} reels`);
    line.forEach((row, r) => {
      lines[l * reels + r] = r * rows + row;
    });
  });
  const base = compileChoice(model, model.modes.base.reelSets);
  return {
    model,
    reels,
    rows,
    cells,
    symbolCount,
    kinds,
    pays,
    payStride,
    wild,
    lines,
    lineCount: lineRows.length,
    base,
    special: model.modes.special ? compileChoice(model, model.modes.special.reelSets) : null,
    free: model.freeSpins ? compileChoice(model, model.freeSpins.reelSets) : null,
    capCoins: model.maxWinMultiplier * model.lineCost,
    screen: new Int32Array(cells),
    values: new Int32Array(cells),
    stops: new Int32Array(reels),
    above: new Int32Array(reels),
    marked: new Uint8Array(cells),
    counts: new Int32Array(symbolCount),
    set: base.sets[0] as CompiledSet,
    capped: false,
    featureCoins: 0,
    tables: {
      money: model.collect ? compileTable(model.collect.values) : null,
      multiplier: model.multiplier ? compileTable(model.multiplier.values) : null,
      expanding: model.freeSpins?.expandingSymbols ? compileTable(model.freeSpins.expandingSymbols) : null,
      picks: model.pick ? compileTable(model.pick.prizes) : null,
      picksNoEnd: model.pick ? compileTable(keepPrizes(model.pick.prizes, (v) => v !== 0)) : null,
      picksCash: model.pick ? compileTable(keepPrizes(model.pick.prizes, (v) => v > 0)) : null,
    },
    hasValues: model.collect !== null || model.multiplier !== null,
  };
}

/** The prizes of a pick table that `keep` accepts, with their weights. */
export function keepPrizes(table: WeightedTable, keepValue: (value: number) => boolean): WeightedTable {
  const keep = table.values.map((_, i) => i).filter((i) => keepValue(table.values[i] as number));
  return {
    values: keep.map((i) => table.values[i] as number),
    weights: keep.map((i) => table.weights[i] as number),
  };
}

/** Draws the value of every money and multiplier symbol in view (in cell order). */
export function drawValues(m: Machine, rng: Rng): void {
  const { screen, values, kinds } = m;
  for (let c = 0; c < m.cells; c++) values[c] = landValue(m, kinds[screen[c] as number] as number, rng);
}

export function landValue(m: Machine, kind: number, rng: Rng): number {
  if (kind === KIND_MONEY) return drawFrom(m.tables.money as CompiledTable, rng);
  if (kind === KIND_MULTIPLIER) return drawFrom(m.tables.multiplier as CompiledTable, rng);
  return 0;
}

/** Chooses a reel set by weight and draws one stop per reel into the screen. */
export function drawScreen(m: Machine, choice: CompiledChoice, rng: Rng): void {
  showStops(m, drawStops(m, choice, rng));
}

/** Chooses a reel set by weight and draws one stop per reel into `m.stops`; returns the set. */
export function drawStops(m: Machine, choice: CompiledChoice, rng: Rng): CompiledSet {
  const set = choice.sets[choice.sets.length === 1 ? 0 : drawFrom(choice.table, rng)] as CompiledSet;
  for (let r = 0; r < m.reels; r++) m.stops[r] = rng.int(set.lengths[r] as number);
  return set;
}

/** Shows the window of `set` at `m.stops` (the strip position above each reel's window too). */
export function showStops(m: Machine, set: CompiledSet): void {
  m.set = set;
  const rows = m.rows;
  const screen = m.screen;
  for (let r = 0; r < m.reels; r++) {
    const strip = set.strips[r] as Int32Array;
    const length = set.lengths[r] as number;
    const stop = m.stops[r] as number;
    m.above[r] = stop === 0 ? length - 1 : stop - 1;
    const base = r * rows;
    for (let row = 0; row < rows; row++) screen[base + row] = strip[stop + row] as number;
  }
}

/** Line wins in coins. `onWin` (play path only) receives each paying line. */
export function evaluateLines(
  m: Machine,
  wildMultiplier: number,
  onWin: ((line: number, symbol: number, count: number, multiplier: number, coins: number) => void) | null,
): number {
  const { screen, kinds, pays, payStride, lines, reels, wild } = m;
  let total = 0;
  for (let l = 0; l < m.lineCount; l++) {
    const offset = l * reels;
    let symbol = -1;
    let count = 0;
    let leadingWilds = 0;
    let multiplier = 1;
    for (let r = 0; r < reels; r++) {
      const s = screen[lines[offset + r] as number] as number;
      const kind = kinds[s] as number;
      if (kind === KIND_WILD) {
        count++;
        if (symbol < 0) leadingWilds++;
        multiplier *= wildMultiplier;
      } else if (symbol < 0) {
        if (kind !== KIND_REGULAR) break;
        symbol = s;
        count++;
      } else if (s === symbol) {
        count++;
      } else break;
    }
    const pay = symbol >= 0 ? (pays[symbol * payStride + count] as number) * multiplier : 0;
    const wildPay = leadingWilds > 0 ? (pays[wild * payStride + leadingWilds] as number) : 0;
    if (pay === 0 && wildPay === 0) continue;
    if (pay >= wildPay) {
      total += pay;
      if (onWin) onWin(l, symbol, count, multiplier, pay);
    } else {
      total += wildPay;
      if (onWin) onWin(l, wild, leadingWilds, 1, wildPay);
    }
  }
  return total;
}

/** Ways wins (every adjacent-reel combination from the left) in coins. */
export function evaluateWays(
  m: Machine,
  onWin: ((symbol: number, count: number, ways: number, coins: number) => void) | null,
): number {
  const { screen, kinds, pays, payStride, reels, rows } = m;
  let total = 0;
  for (let s = 0; s < m.symbolCount; s++) {
    if (kinds[s] !== KIND_REGULAR) continue;
    let ways = 1;
    let count = 0;
    for (let r = 0; r < reels; r++) {
      let onReel = 0;
      const base = r * rows;
      for (let row = 0; row < rows; row++) {
        const c = screen[base + row] as number;
        if (c === s || kinds[c] === KIND_WILD) onReel++;
      }
      if (onReel === 0) break;
      ways *= onReel;
      count++;
    }
    const pay = pays[s * payStride + count] as number;
    if (pay > 0) {
      total += pay * ways;
      if (onWin) onWin(s, count, ways, pay * ways);
    }
  }
  return total;
}

/** Pay-anywhere wins in coins; marks the winning cells in `m.marked` for a tumble. */
export function evaluateAnywhere(
  m: Machine,
  minCount: number,
  onWin: ((symbol: number, count: number, coins: number) => void) | null,
): number {
  const { screen, kinds, pays, payStride, counts, marked, cells } = m;
  counts.fill(0);
  for (let c = 0; c < cells; c++) {
    const s = screen[c] as number;
    counts[s] = (counts[s] as number) + 1;
  }
  let total = 0;
  marked.fill(0);
  for (let s = 0; s < m.symbolCount; s++) {
    const n = counts[s] as number;
    if (n < minCount || kinds[s] !== KIND_REGULAR) continue;
    const pay = pays[s * payStride + n] as number;
    if (pay === 0) continue;
    total += pay;
    for (let c = 0; c < cells; c++) if (screen[c] === s) marked[c] = 1;
    if (onWin) onWin(s, n, pay);
  }
  return total;
}

/** Removes marked cells, drops the rest down, refills from the strip above the window. */
export function tumble(m: Machine, onLand: ((cell: number) => void) | null): void {
  const { screen, values, marked, rows } = m;
  for (let r = 0; r < m.reels; r++) {
    const base = r * rows;
    let write = base + rows - 1;
    for (let read = base + rows - 1; read >= base; read--) {
      if (marked[read]) continue;
      screen[write] = screen[read] as number;
      values[write] = values[read] as number;
      write--;
    }
    const strip = m.set.strips[r] as Int32Array;
    const length = m.set.lengths[r] as number;
    while (write >= base) {
      let p = m.above[r] as number;
      screen[write] = strip[p] as number;
      values[write] = 0;
      if (onLand) onLand(write);
      p = p === 0 ? length - 1 : p - 1;
      m.above[r] = p;
      write--;
    }
  }
}

export function countKind(m: Machine, symbol: number): number {
  let n = 0;
  for (let c = 0; c < m.cells; c++) if (m.screen[c] === symbol) n++;
  return n;
}
