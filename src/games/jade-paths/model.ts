// Jade Paths: 5×3, 243 ways. Three gates (reels 1, 3 and 5) open the lotus pick, about one spin
// in 165 and close to a quarter of the return: three sure picks of cash (1× to 50× the bet) or a
// +1 multiplier boost, then each pick may close the gate, eight picks at most; the cash is paid
// times the multiplier. Bamboo and lotus leaf pay from four of a kind, so fewer wins are a
// fraction of the stake. The jade wild stands on reels 2 to 4.
import type { GameModel } from '../../engine/model.ts';
import { deepFreeze, lever, reelSet, symbolId, symbolsFrom, variantsFrom } from '../reels.ts';
import type { GameTuning, Levers } from '../types.ts';
import weights from './weights.json' with { type: 'json' };

const symbols = symbolsFrom([
  ['BA', 'Bamboo', 'regular', [0, 0, 0, 0, 10, 25]],
  ['LL', 'Lotus Leaf', 'regular', [0, 0, 0, 0, 10, 25]],
  ['KO', 'Koi', 'regular', [0, 0, 0, 5, 15, 40]],
  ['JB', 'Jade Bell', 'regular', [0, 0, 0, 8, 20, 50]],
  ['CR', 'Crane', 'regular', [0, 0, 0, 10, 25, 100]],
  ['TI', 'Tiger', 'regular', [0, 0, 0, 15, 50, 150]],
  ['PA', 'Pagoda', 'regular', [0, 0, 0, 20, 75, 250]],
  ['JW', 'Jade Wild', 'wild', []],
  ['GA', 'Gate', 'bonus', []],
]);

const outer = { BA: 6, LL: 6, KO: 5, JB: 5, CR: 4, TI: 3, PA: 2, GA: 2 };
const inner = { BA: 5, LL: 5, KO: 5, JB: 4, CR: 4, TI: 3, PA: 2, JW: 2 };
const middle = { BA: 5, LL: 5, KO: 5, JB: 4, CR: 4, TI: 3, PA: 2, JW: 2, GA: 2 };
const outerLean = { BA: 7, LL: 7, KO: 6, JB: 5, CR: 3, TI: 2, PA: 1, GA: 2 };
const innerLean = { BA: 6, LL: 6, KO: 6, JB: 5, CR: 3, TI: 2, PA: 2, JW: 1 };
const middleLean = { BA: 6, LL: 6, KO: 6, JB: 5, CR: 3, TI: 2, PA: 2, JW: 1, GA: 2 };

const reelSets = [
  reelSet(symbols, 'rich', [outer, inner, middle, inner, outer]),
  reelSet(symbols, 'lean', [outerLean, innerLean, middleLean, innerLean, outerLean]),
];

function build(variant: string, levers: Levers): GameModel {
  return deepFreeze({
    slug: 'jade-paths',
    variant,
    reels: 5,
    rows: 3,
    symbols,
    evaluation: { kind: 'ways' },
    lineCost: 25,
    maxWinMultiplier: 2500,
    reelSets,
    modes: {
      base: { costCoins: 25, reelSets: { ids: ['rich', 'lean'], weights: lever(levers, 'base') } },
      special: null,
      buy: null,
    },
    scatter: null,
    freeSpins: null,
    tumble: false,
    multiplier: null,
    collect: null,
    pick: {
      bonusSymbol: symbolId(symbols, 'GA'),
      trigger: 3,
      cashPicks: 1,
      guaranteedPicks: 3,
      maxPicks: 8,
      // Coins (the bet is 25: 1× to 50× the bet), a multiplier boost (+1) and the gate closing (0).
      prizes: {
        values: [25, 50, 100, 250, 500, 1250, -1, 0],
        weights: [30, 25, 20, 10, 5, 2, 8, 25],
      },
    },
  });
}

export const tuning: GameTuning = {
  build,
  steps: [{ lever: 'base', mode: 'base' }],
  defaults: { base: [1, 1] },
};

export const variants: Record<string, GameModel> = variantsFrom(build, weights);
