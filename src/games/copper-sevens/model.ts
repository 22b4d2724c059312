// Copper Sevens: 3×3, five lines, no features. Many small wins (cherries pay from two) and a copper
// coin wild that lands as a stack of three: a reel of coins crosses every line, and a screen of
// coins pays all five lines at the top prize (1,000× the bet). The calm game of the portfolio.
import type { GameModel } from '../../engine/model.ts';
import { deepFreeze, lever, reelSet, symbolsFrom, variantsFrom } from '../reels.ts';
import type { GameTuning, Levers } from '../types.ts';
import weights from './weights.json' with { type: 'json' };

const symbols = symbolsFrom([
  ['CH', 'Cherry', 'regular', [0, 0, 2, 5]],
  ['LE', 'Lemon', 'regular', [0, 0, 0, 5]],
  ['PL', 'Plum', 'regular', [0, 0, 0, 7]],
  ['BE', 'Bell', 'regular', [0, 0, 0, 12]],
  ['BA', 'Copper Bar', 'regular', [0, 0, 0, 25]],
  ['SE', 'Seven', 'regular', [0, 0, 0, 60]],
  ['WI', 'Copper Coin', 'wild', [0, 0, 0, 500]],
]);

const rich = { CH: 10, LE: 8, PL: 8, BE: 6, BA: 5, SE: 4, 'WI*3': 1 };
const lean = { CH: 11, LE: 12, PL: 12, BE: 9, BA: 6, SE: 3, 'WI*3': 1 };

const reelSets = [reelSet(symbols, 'rich', [rich, rich, rich]), reelSet(symbols, 'lean', [lean, lean, lean])];

function build(variant: string, levers: Levers): GameModel {
  return deepFreeze({
    slug: 'copper-sevens',
    variant,
    reels: 3,
    rows: 3,
    symbols,
    evaluation: {
      kind: 'lines',
      lines: [
        [1, 1, 1],
        [0, 0, 0],
        [2, 2, 2],
        [0, 1, 2],
        [2, 1, 0],
      ],
    },
    lineCost: 5,
    maxWinMultiplier: 1000,
    reelSets,
    modes: {
      base: { costCoins: 5, reelSets: { ids: ['rich', 'lean'], weights: lever(levers, 'base') } },
      special: null,
      buy: null,
    },
    scatter: null,
    freeSpins: null,
    tumble: false,
    multiplier: null,
    collect: null,
    pick: null,
  });
}

export const tuning: GameTuning = {
  build,
  steps: [{ lever: 'base', mode: 'base' }],
  defaults: { base: [1, 1] },
};

export const variants: Record<string, GameModel> = variantsFrom(build, weights);
