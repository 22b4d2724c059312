// Copper Sevens: 3×3, five lines, no features. Many small wins (cherries pay from two), a wild
// copper coin, and a low ceiling: the calm game of the portfolio.
import type { GameModel } from '../../engine/model.ts';
import { deepFreeze, lever, reelSet, symbolsFrom, variantsFrom } from '../reels.ts';
import type { GameTuning, Levers } from '../types.ts';
import weights from './weights.json' with { type: 'json' };

const symbols = symbolsFrom([
  ['CH', 'Cherry', 'regular', [0, 0, 2, 5]],
  ['LE', 'Lemon', 'regular', [0, 0, 0, 5]],
  ['PL', 'Plum', 'regular', [0, 0, 0, 6]],
  ['BE', 'Bell', 'regular', [0, 0, 0, 10]],
  ['BA', 'Copper Bar', 'regular', [0, 0, 0, 20]],
  ['SE', 'Seven', 'regular', [0, 0, 0, 50]],
  ['WI', 'Copper Coin', 'wild', [0, 0, 0, 100]],
]);

const rich = { CH: 5, LE: 4, PL: 4, BE: 3, BA: 3, SE: 2, WI: 3 };
const lean = { CH: 4, LE: 5, PL: 5, BE: 4, BA: 3, SE: 2, WI: 1 };

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
    tumble: null,
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
