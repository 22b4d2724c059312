// Lantern of the Dunes: 5×3, 10 lines. Three lanterns start ten free spins; before they begin one
// symbol is drawn that expands over every reel it lands on and pays on all ten lines, adjacent or
// not. The feature can be bought for 100× the bet.
import { type GameModel, paylines5x3 } from '../../engine/model.ts';
import { deepFreeze, lever, reelSet, symbolId, symbolsFrom, variantsFrom } from '../reels.ts';
import type { GameTuning, Levers } from '../types.ts';
import weights from './weights.json' with { type: 'json' };

const symbols = symbolsFrom([
  ['JU', 'Clay Jug', 'regular', [0, 0, 0, 4, 15, 60]],
  ['RU', 'Woven Rug', 'regular', [0, 0, 0, 4, 15, 60]],
  ['SP', 'Spice Sack', 'regular', [0, 0, 0, 4, 15, 60]],
  ['TE', 'Brass Teapot', 'regular', [0, 0, 0, 6, 25, 100]],
  ['CA', 'Camel', 'regular', [0, 0, 3, 20, 75, 500]],
  ['FA', 'Falcon', 'regular', [0, 0, 4, 30, 250, 1500]],
  ['NO', 'Nomad Queen', 'regular', [0, 0, 8, 75, 750, 5000]],
  ['MI', 'Mirage', 'wild', [0, 0, 8, 75, 750, 5000]],
  ['LA', 'Lantern', 'scatter', [0, 0, 0, 20, 200, 2000]],
]);

const reel1 = { JU: 9, RU: 9, SP: 9, TE: 8, CA: 5, FA: 3, NO: 2, LA: 1 };
const rich = { JU: 8, RU: 8, SP: 8, TE: 7, CA: 5, FA: 3, NO: 3, MI: 3, LA: 1 };
const lean = { JU: 10, RU: 10, SP: 10, TE: 8, CA: 4, FA: 2, NO: 1, MI: 1, LA: 1 };
const freeRich = { JU: 4, RU: 4, SP: 4, TE: 4, CA: 3, FA: 3, NO: 2, MI: 2, LA: 1 };
const freeLean = { JU: 7, RU: 7, SP: 7, TE: 6, CA: 3, FA: 1, NO: 1, MI: 1, LA: 1 };

const reelSets = [
  reelSet(symbols, 'base-rich', [reel1, rich, rich, rich, rich]),
  reelSet(symbols, 'base-lean', [reel1, lean, lean, lean, lean]),
  reelSet(symbols, 'free-rich', [freeRich, freeRich, freeRich, freeRich, freeRich]),
  reelSet(symbols, 'free-lean', [freeLean, freeLean, freeLean, freeLean, freeLean]),
];

function build(variant: string, levers: Levers): GameModel {
  const id = (code: string) => symbolId(symbols, code);
  return deepFreeze({
    slug: 'dune-lantern',
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
      buy: { costCoins: 1000, feature: 'free_spins' },
    },
    scatter: {
      symbol: id('LA'),
      pays: [0, 0, 0, 20, 200, 2000],
      trigger: [0, 0, 0, 10, 10, 10],
      retrigger: [0, 0, 0, 10, 10, 10],
    },
    freeSpins: {
      reelSets: { ids: ['free-rich', 'free-lean'], weights: lever(levers, 'free') },
      buySpins: 10,
      wildMultiplier: 1,
      // Rarer draws for the richer symbols.
      expandingSymbols: {
        values: ['JU', 'RU', 'SP', 'TE', 'CA', 'FA', 'NO'].map(id),
        weights: [24, 24, 24, 16, 8, 3, 1],
      },
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
    { lever: 'free', mode: 'buy' },
    { lever: 'base', mode: 'base' },
  ],
  defaults: { base: [1, 1], free: [1, 1] },
};

export const variants: Record<string, GameModel> = variantsFrom(build, weights);
