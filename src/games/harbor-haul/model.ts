// Harbor Haul: 5×3, 10 lines. Crates land with cash values (½× to 50× the bet); a harbormaster on
// the fifth reel collects every crate in view. Six or more crates start hold-and-collect: crates
// stick, three free respins reset by every new crate, a full harbor adds 500× the bet. The
// hold-and-collect can be bought for 75× the bet.
import type { GameModel, WeightedTable } from '../../engine/model.ts';
import { paylines5x3 } from '../../engine/model.ts';
import { deepFreeze, lever, reelSet, symbolId, symbolsFrom, variantsFrom } from '../reels.ts';
import type { GameTuning, Levers } from '../types.ts';
import weights from './weights.json' with { type: 'json' };

const symbols = symbolsFrom([
  ['RO', 'Rope Coil', 'regular', [0, 0, 0, 2, 8, 25]],
  ['NE', 'Fishing Net', 'regular', [0, 0, 0, 2, 8, 25]],
  ['BU', 'Buoy', 'regular', [0, 0, 0, 3, 10, 40]],
  ['CP', 'Compass', 'regular', [0, 0, 0, 5, 15, 50]],
  ['LI', 'Lighthouse', 'regular', [0, 0, 0, 8, 25, 100]],
  ['ST', 'Steamer', 'regular', [0, 0, 0, 12, 50, 250]],
  ['WI', 'Tide Wild', 'wild', [0, 0, 0, 12, 50, 250]],
  ['CR', 'Cargo Crate', 'money', []],
  ['HM', 'Harbormaster', 'collector', []],
]);

const first = { RO: 6, NE: 6, BU: 5, CP: 5, LI: 4, ST: 3, CR: 1 };
const reel = { RO: 6, NE: 6, BU: 5, CP: 5, LI: 4, ST: 3, WI: 2, 'CR*2': 1, CR: 1 };
const lastReel = { RO: 6, NE: 6, BU: 5, CP: 5, LI: 4, ST: 3, WI: 2, CR: 1, HM: 1 };
const firstLean = { RO: 7, NE: 7, BU: 6, CP: 5, LI: 3, ST: 2, CR: 1 };
const leanReel = { RO: 7, NE: 7, BU: 6, CP: 5, LI: 3, ST: 2, WI: 1, 'CR*2': 1 };
const lastLean = { RO: 8, NE: 8, BU: 6, CP: 5, LI: 3, ST: 2, WI: 1, CR: 1, HM: 1 };

const reelSets = [
  reelSet(symbols, 'base-rich', [first, reel, reel, reel, lastReel]),
  reelSet(symbols, 'base-lean', [firstLean, leanReel, leanReel, leanReel, lastLean]),
];

/** Crate values in coins (the bet is 10 coins): a modest and a generous table, mixed by a lever. */
const modestCrates = {
  values: [5, 10, 20, 30, 50, 100, 250, 500],
  weights: [400, 300, 150, 80, 40, 20, 8, 2],
};
const generousCrates = {
  values: [5, 10, 20, 30, 50, 100, 250, 500],
  weights: [50, 100, 200, 200, 150, 150, 100, 50],
};

/** Mixes two tables over the same values (and the same total weight) by the lever's weights. */
function mix(a: WeightedTable, b: WeightedTable, weights: number[]): WeightedTable {
  const [wa = 0, wb = 0] = weights;
  return { values: a.values, weights: a.weights.map((w, i) => w * wa + (b.weights[i] as number) * wb) };
}

function build(variant: string, levers: Levers): GameModel {
  return deepFreeze({
    slug: 'harbor-haul',
    variant,
    reels: 5,
    rows: 3,
    symbols,
    evaluation: { kind: 'lines', lines: paylines5x3(10) },
    lineCost: 10,
    maxWinMultiplier: 5000,
    reelSets,
    modes: {
      base: { costCoins: 10, reelSets: { ids: ['base-rich', 'base-lean'], weights: lever(levers, 'base') } },
      special: null,
      buy: { costCoins: 750, feature: 'hold_and_collect' },
    },
    scatter: null,
    freeSpins: null,
    tumble: false,
    multiplier: null,
    collect: {
      moneySymbol: symbolId(symbols, 'CR'),
      collectorSymbol: symbolId(symbols, 'HM'),
      values: mix(generousCrates, modestCrates, lever(levers, 'crates')),
      holdTrigger: 6,
      holdStart: 6,
      respins: 3,
      respinHit: { hit: 1, of: 10 },
      fullScreenBonus: 5000,
    },
    pick: null,
  });
}

export const tuning: GameTuning = {
  build,
  steps: [
    { lever: 'crates', mode: 'buy' },
    { lever: 'base', mode: 'base' },
  ],
  defaults: { base: [1, 1], crates: [1, 1] },
};

export const variants: Record<string, GameModel> = variantsFrom(build, weights);
