// Ember Crown: 5×3, 20 lines. Crowns anywhere pay and start free spins in which every wild
// doubles the line it completes; the ember ante (25 coins instead of 20) spins on reels with
// more crowns.
import { type GameModel, paylines5x3 } from '../../engine/model.ts';
import { deepFreeze, lever, reelSet, symbolId, symbolsFrom, variantsFrom } from '../reels.ts';
import type { GameTuning, Levers } from '../types.ts';
import weights from './weights.json' with { type: 'json' };

const symbols = symbolsFrom([
  ['CI', 'Cinder', 'regular', [0, 0, 0, 8, 25, 100]],
  ['FL', 'Flint', 'regular', [0, 0, 0, 8, 25, 100]],
  ['TO', 'Torch', 'regular', [0, 0, 0, 10, 30, 120]],
  ['BR', 'Brazier', 'regular', [0, 0, 0, 10, 30, 120]],
  ['FE', 'Phoenix Feather', 'regular', [0, 0, 0, 15, 60, 250]],
  ['OP', 'Fire Opal', 'regular', [0, 0, 0, 20, 80, 300]],
  ['SA', 'Salamander', 'regular', [0, 0, 2, 25, 125, 500]],
  ['QU', 'Ember Queen', 'regular', [0, 0, 5, 40, 200, 1000]],
  ['WI', 'Ember Wild', 'wild', [0, 0, 5, 50, 250, 1500]],
  ['CR', 'Crown', 'scatter', [0, 0, 0, 40, 200, 1000]],
]);

const first = { CI: 6, FL: 6, TO: 5, BR: 5, FE: 4, OP: 4, SA: 3, QU: 2, CR: 1 };
const rich = { CI: 5, FL: 5, TO: 5, BR: 5, FE: 4, OP: 4, SA: 3, QU: 2, WI: 2, CR: 1 };
const lean = { CI: 6, FL: 6, TO: 6, BR: 5, FE: 4, OP: 3, SA: 2, QU: 2, WI: 1, CR: 1 };
const anteFirst = { CI: 5, FL: 5, TO: 4, BR: 4, FE: 4, OP: 3, SA: 2, QU: 2, CR: 1 };
const anteRich = { CI: 4, FL: 4, TO: 4, BR: 4, FE: 3, OP: 3, SA: 3, QU: 2, WI: 2, CR: 1 };
const anteLean = { CI: 5, FL: 5, TO: 4, BR: 4, FE: 3, OP: 3, SA: 2, QU: 1, WI: 1, CR: 1 };
const freeFirst = { CI: 5, FL: 5, TO: 4, BR: 4, FE: 4, OP: 4, SA: 3, QU: 3, CR: 1 };
const freeRich = { CI: 4, FL: 4, TO: 4, BR: 4, FE: 4, OP: 4, SA: 3, QU: 3, WI: 4, CR: 1 };
const freeLean = { CI: 5, FL: 5, TO: 5, BR: 5, FE: 4, OP: 3, SA: 3, QU: 2, WI: 3, CR: 1 };

const reelSets = [
  reelSet(symbols, 'base-rich', [first, rich, rich, rich, rich]),
  reelSet(symbols, 'base-lean', [first, lean, lean, lean, lean]),
  reelSet(symbols, 'ante-rich', [anteFirst, anteRich, anteRich, anteRich, anteRich]),
  reelSet(symbols, 'ante-lean', [anteFirst, anteLean, anteLean, anteLean, anteLean]),
  reelSet(symbols, 'free-rich', [freeFirst, freeRich, freeRich, freeRich, freeRich]),
  reelSet(symbols, 'free-lean', [freeFirst, freeLean, freeLean, freeLean, freeLean]),
];

function build(variant: string, levers: Levers): GameModel {
  return deepFreeze({
    slug: 'ember-crown',
    variant,
    reels: 5,
    rows: 3,
    symbols,
    evaluation: { kind: 'lines', lines: paylines5x3(20) },
    lineCost: 20,
    maxWinMultiplier: 5000,
    reelSets,
    modes: {
      base: { costCoins: 20, reelSets: { ids: ['base-rich', 'base-lean'], weights: lever(levers, 'base') } },
      special: {
        costCoins: 25,
        reelSets: { ids: ['ante-rich', 'ante-lean'], weights: lever(levers, 'ante') },
      },
      buy: null,
    },
    scatter: {
      symbol: symbolId(symbols, 'CR'),
      pays: [0, 0, 0, 40, 200, 1000],
      trigger: [0, 0, 0, 10, 12, 15],
      retrigger: [0, 0, 0, 10, 10, 10],
    },
    freeSpins: {
      reelSets: { ids: ['free-rich', 'free-lean'], weights: lever(levers, 'free') },
      buySpins: 0,
      wildMultiplier: 2,
      expandingSymbols: null,
    },
    tumble: false,
    multiplier: null,
    collect: null,
    pick: null,
  });
}

export const tuning: GameTuning = {
  build,
  steps: [
    { lever: 'base', mode: 'base' },
    { lever: 'ante', mode: 'special' },
  ],
  defaults: { base: [1, 1], ante: [1, 1], free: [1, 1] },
};

export const variants: Record<string, GameModel> = variantsFrom(build, weights);
