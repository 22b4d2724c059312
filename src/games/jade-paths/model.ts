// Jade Paths: 5×3, 243 ways. Three gates (reels 1, 3 and 5) open the lotus pick: at least three
// picks of cash or multiplier boosts, then each pick may close the gate; the cash is paid times
// the multiplier. The jade wild stands on reels 2 to 4.
import type { GameModel } from '../../engine/model.ts';
import { deepFreeze, lever, reelSet, symbolId, symbolsFrom, variantsFrom } from '../reels.ts';
import type { GameTuning, Levers } from '../types.ts';
import weights from './weights.json' with { type: 'json' };

const symbols = symbolsFrom([
  ['BA', 'Bamboo', 'regular', [0, 0, 0, 5, 10, 25]],
  ['LL', 'Lotus Leaf', 'regular', [0, 0, 0, 5, 10, 25]],
  ['KO', 'Koi', 'regular', [0, 0, 0, 5, 15, 40]],
  ['JB', 'Jade Bell', 'regular', [0, 0, 0, 10, 20, 50]],
  ['CR', 'Crane', 'regular', [0, 0, 0, 10, 25, 100]],
  ['TI', 'Tiger', 'regular', [0, 0, 0, 15, 50, 150]],
  ['PA', 'Pagoda', 'regular', [0, 0, 0, 20, 75, 250]],
  ['JW', 'Jade Wild', 'wild', []],
  ['GA', 'Gate', 'bonus', []],
]);

const outer = { BA: 6, LL: 6, KO: 5, JB: 5, CR: 4, TI: 3, PA: 2, GA: 1 };
const inner = { BA: 5, LL: 5, KO: 5, JB: 4, CR: 4, TI: 3, PA: 2, JW: 2 };
const middle = { BA: 5, LL: 5, KO: 5, JB: 4, CR: 4, TI: 3, PA: 2, JW: 2, GA: 1 };
const outerLean = { BA: 7, LL: 7, KO: 6, JB: 5, CR: 3, TI: 2, PA: 1, GA: 1 };
const innerLean = { BA: 6, LL: 6, KO: 6, JB: 5, CR: 3, TI: 2, PA: 2, JW: 1 };
const middleLean = { BA: 6, LL: 6, KO: 6, JB: 5, CR: 3, TI: 2, PA: 2, JW: 1, GA: 1 };

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
    tumble: null,
    multiplier: null,
    collect: null,
    pick: {
      bonusSymbol: symbolId(symbols, 'GA'),
      trigger: 3,
      guaranteedPicks: 3,
      maxPicks: 12,
      // Coins (the bet is 25), multiplier boosts (negative: adds 1 or 2) and the gate closing (0).
      prizes: {
        values: [25, 50, 75, 125, 250, 500, 1250, -1, -2, 0],
        weights: [30, 25, 15, 10, 6, 3, 1, 6, 2, 25],
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
