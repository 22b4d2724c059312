// Orbit Orchard: 6×5 pay-anywhere. Eight or more of a fruit anywhere pay; winners vanish and the
// reels tumble until nothing pays. Planets carry 2×–100× and multiply the spin's tumble wins by
// their sum. Four comets start ten free spins (three more add five); the ante (25 coins) spins on
// reels with more comets; the free spins can be bought for 100× the bet.
import type { GameModel } from '../../engine/model.ts';
import { deepFreeze, lever, reelSet, symbolId, symbolsFrom, variantsFrom } from '../reels.ts';
import type { GameTuning, Levers } from '../types.ts';
import weights from './weights.json' with { type: 'json' };

/** Pay-anywhere pays: 8–9, 10–11 and 12 or more of a kind. */
function tiers(eight: number, ten: number, twelve: number): number[] {
  return [0, 0, 0, 0, 0, 0, 0, 0, eight, eight, ten, ten, twelve];
}

const symbols = symbolsFrom([
  ['SB', 'Star Berry', 'regular', tiers(5, 15, 40)],
  ['MG', 'Moon Grape', 'regular', tiers(8, 18, 50)],
  ['NP', 'Nebula Plum', 'regular', tiers(10, 25, 60)],
  ['SP', 'Sun Pear', 'regular', tiers(15, 30, 80)],
  ['RA', 'Ringed Apple', 'regular', tiers(20, 40, 100)],
  ['OP', 'Orbit Peach', 'regular', tiers(30, 60, 150)],
  ['CM', 'Crystal Melon', 'regular', tiers(40, 100, 200)],
  ['GP', 'Golden Pod', 'regular', tiers(200, 500, 1000)],
  ['PL', 'Planet', 'multiplier', []],
  ['CO', 'Comet', 'scatter', [0, 0, 0, 0, 60, 100, 2000]],
]);

const base = { 'SB*2': 8, 'MG*2': 7, NP: 10, SP: 9, RA: 7, OP: 5, CM: 3, GP: 1, PL: 1, CO: 1 };
const baseLean = { SB: 10, MG: 9, NP: 8, SP: 7, RA: 6, OP: 5, CM: 4, GP: 2, PL: 1, CO: 1 };
// Ante strips are about a sixth shorter with the same single comet: each reel shows one ~1.18× as often.
const ante = { 'SB*2': 7, 'MG*2': 6, NP: 8, SP: 7, RA: 6, OP: 4, CM: 3, GP: 1, PL: 1, CO: 1 };
const anteLean = { SB: 8, MG: 8, NP: 7, SP: 6, RA: 5, OP: 4, CM: 3, GP: 1, PL: 1, CO: 1 };
const free = { 'SB*2': 9, 'MG*2': 8, NP: 9, SP: 8, RA: 6, OP: 4, CM: 3, GP: 1, PL: 5, CO: 1 };
const freeLean = { SB: 10, MG: 9, NP: 8, SP: 7, RA: 6, OP: 5, CM: 4, GP: 2, PL: 3, CO: 1 };

const six = <T>(reel: T): T[] => [reel, reel, reel, reel, reel, reel];
const reelSets = [
  reelSet(symbols, 'base-rich', six(base)),
  reelSet(symbols, 'base-lean', six(baseLean)),
  reelSet(symbols, 'ante-rich', six(ante)),
  reelSet(symbols, 'ante-lean', six(anteLean)),
  reelSet(symbols, 'free-rich', six(free)),
  reelSet(symbols, 'free-lean', six(freeLean)),
];

function build(variant: string, levers: Levers): GameModel {
  return deepFreeze({
    slug: 'orbit-orchard',
    variant,
    reels: 6,
    rows: 5,
    symbols,
    evaluation: { kind: 'anywhere', minCount: 8 },
    lineCost: 20,
    maxWinMultiplier: 5000,
    reelSets,
    modes: {
      base: { costCoins: 20, reelSets: { ids: ['base-rich', 'base-lean'], weights: lever(levers, 'base') } },
      special: {
        costCoins: 25,
        reelSets: { ids: ['ante-rich', 'ante-lean'], weights: lever(levers, 'ante') },
      },
      buy: { costCoins: 2000, feature: 'free_spins' },
    },
    scatter: {
      symbol: symbolId(symbols, 'CO'),
      pays: [0, 0, 0, 0, 60, 100, 2000],
      trigger: [0, 0, 0, 0, 10, 10, 10],
      retrigger: [0, 0, 0, 5, 5, 5, 5],
    },
    freeSpins: {
      reelSets: { ids: ['free-rich', 'free-lean'], weights: lever(levers, 'free') },
      buySpins: 10,
      wildMultiplier: 1,
      expandingSymbols: null,
    },
    tumble: true,
    multiplier: {
      symbol: symbolId(symbols, 'PL'),
      values: {
        values: [2, 3, 4, 5, 8, 10, 15, 20, 25, 50, 100],
        weights: [300, 200, 150, 120, 80, 60, 30, 20, 15, 5, 2],
      },
    },
    collect: null,
    pick: null,
  });
}

export const tuning: GameTuning = {
  build,
  steps: [
    { lever: 'free', mode: 'buy' },
    { lever: 'base', mode: 'base' },
    { lever: 'ante', mode: 'special' },
  ],
  defaults: { base: [1, 1], ante: [1, 1], free: [1, 1] },
};

export const variants: Record<string, GameModel> = variantsFrom(build, weights);
