// The declarative math model of a game: plain data (JSON-serializable, hashed for certification).
// All pays are integer "coins"; a coin is worth coin value × bet level, so a base spin costs
// `lineCost` coins and every win is exact in minor units.

export type BetMode = 'base' | 'special' | 'buy';

export type SymbolKind =
  | 'regular' // pays by lines, ways or count
  | 'wild' // substitutes for regular symbols on lines and ways
  | 'scatter' // pays anywhere by count and triggers free spins
  | 'money' // carries a coin value; collected by the collector or in hold-and-collect
  | 'collector' // collects every money value in view
  | 'multiplier' // carries a multiplier applied to the spin's tumble wins
  | 'bonus'; // triggers the pick bonus

export interface SymbolDef {
  id: number;
  code: string;
  name: string;
  kind: SymbolKind;
  /** pays[n] = coins for n of a kind (n reels for lines/ways, n symbols for pay-anywhere). */
  pays: number[];
}

/** A weighted table: entry i is drawn with probability weights[i] / Σ weights. */
export interface WeightedTable {
  values: number[];
  weights: number[];
}

export interface ReelSet {
  id: string;
  /** One strip per reel, symbol ids, read top to bottom; the window shows `rows` consecutive stops. */
  strips: number[][];
}

/** Which reel sets a phase spins on, chosen per spin by weight (the RTP lever of a variant). */
export interface ReelSetChoice {
  ids: string[];
  weights: number[];
}

export type Evaluation =
  | { kind: 'lines' /** row index per reel for every payline, left to right */; lines: number[][] }
  | { kind: 'ways' }
  | { kind: 'anywhere'; minCount: number };

export interface ModeDef {
  /** Coins this mode costs per bet level (the base mode costs `lineCost`). */
  costCoins: number;
  reelSets: ReelSetChoice;
}

export interface BuyDef {
  costCoins: number;
  /** What the purchase starts: free spins, or hold-and-collect with `holdStart` money symbols. */
  feature: 'free_spins' | 'hold_and_collect';
}

/**
 * Scatter tables are read by count; a count past a table's last entry reads the last entry (so
 * `[0, 0, 0, 20, 100]` pays 100 for four or more), as a tumble can bring in more scatters than the
 * window shows at once.
 */
export interface ScatterDef {
  symbol: number;
  /** Coins by scatter count (anywhere), in every phase. */
  pays: number[];
  /** Free spins awarded by scatter count in the base game (0 = none). */
  trigger: number[];
  /** Free spins added by scatter count during free spins. */
  retrigger: number[];
}

/** Entry `count` of a scatter table, the last entry for larger counts, 0 for an empty table. */
export function byCount(table: readonly number[], count: number): number {
  if (table.length === 0) return 0;
  return table[Math.min(count, table.length - 1)] as number;
}

export interface FreeSpinsDef {
  reelSets: ReelSetChoice;
  /** Spins a bought feature starts with. */
  buySpins: number;
  /** Wilds multiply line wins they complete by this factor (product over the line's wilds). */
  wildMultiplier: number;
  /** A symbol drawn at the start that expands over whole reels and pays on every line. */
  expandingSymbols: WeightedTable | null;
}

export interface MultiplierDef {
  symbol: number;
  /** Value drawn for each multiplier symbol as it lands. */
  values: WeightedTable;
}

export interface CollectDef {
  moneySymbol: number;
  collectorSymbol: number;
  /** Coin values of money symbols, drawn as each lands. */
  values: WeightedTable;
  /** Money symbols in view that start hold-and-collect. */
  holdTrigger: number;
  /** Money symbols a bought hold-and-collect starts with. */
  holdStart: number;
  respins: number;
  /** Chance that an empty cell lands a money symbol on a respin: hit / of. */
  respinHit: { hit: number; of: number };
  /** Coins added when every cell holds money. */
  fullScreenBonus: number;
}

export interface PickDef {
  bonusSymbol: number;
  /** Bonus symbols in view that start the pick. */
  trigger: number;
  /** Picks that always reveal cash (never a boost or the end), so the bonus always pays. */
  cashPicks: number;
  /** Picks before an `end` can come up. */
  guaranteedPicks: number;
  maxPicks: number;
  /** Prize table; value > 0: coins, value < 0: adds −value to the bonus multiplier, 0: end. */
  prizes: WeightedTable;
}

export interface GameModel {
  slug: string;
  variant: string;
  reels: number;
  rows: number;
  symbols: SymbolDef[];
  evaluation: Evaluation;
  /** Coins per bet level of a base spin (e.g. 20 for a 20-line game). */
  lineCost: number;
  /** Largest win of a round or feature sequence, in multiples of the base total bet. */
  maxWinMultiplier: number;
  reelSets: ReelSet[];
  modes: { base: ModeDef; special: ModeDef | null; buy: BuyDef | null };
  scatter: ScatterDef | null;
  freeSpins: FreeSpinsDef | null;
  /**
   * Winning symbols vanish and the reels refill from above until nothing pays. A chain ends when
   * its wins reach the cap (the round then pays the cap), so it always ends.
   */
  tumble: boolean;
  multiplier: MultiplierDef | null;
  collect: CollectDef | null;
  pick: PickDef | null;
}

/**
 * Lays out a reel strip from symbol counts, spreading each symbol as evenly as the counts allow
 * (deterministic interleave), so strips are data rather than hand typing. An optional third
 * number stacks each placement (that many copies in a row).
 */
export function spreadStrip(counts: ReadonlyArray<readonly [number, number, number?]>): number[] {
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  const slots: Array<{ symbols: number[]; key: number }> = [];
  for (const [symbol, n, stack = 1] of counts) {
    for (let k = 0; k < n; k++) {
      slots.push({ symbols: new Array(stack).fill(symbol), key: ((k + 0.5) * total) / n + symbol * 1e-6 });
    }
  }
  slots.sort((a, b) => a.key - b.key);
  return slots.flatMap((s) => s.symbols);
}

/** Standard paylines for a reels×3 window (rows 0 top, 1 middle, 2 bottom), first `count` of them. */
export function paylines5x3(count: number): number[][] {
  const all = [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
    [0, 1, 2, 1, 0],
    [2, 1, 0, 1, 2],
    [0, 0, 1, 2, 2],
    [2, 2, 1, 0, 0],
    [1, 0, 0, 0, 1],
    [1, 2, 2, 2, 1],
    [0, 1, 1, 1, 0],
    [2, 1, 1, 1, 2],
    [1, 0, 1, 2, 1],
    [1, 2, 1, 0, 1],
    [0, 1, 0, 1, 0],
    [2, 1, 2, 1, 2],
    [1, 1, 0, 1, 1],
    [1, 1, 2, 1, 1],
    [0, 2, 0, 2, 0],
    [2, 0, 2, 0, 2],
    [0, 2, 2, 2, 0],
  ];
  if (count > all.length) throw new Error(`only ${all.length} paylines defined`);
  return all.slice(0, count);
}
