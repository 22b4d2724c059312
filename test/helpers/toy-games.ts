// Small games whose every outcome a test can enumerate through the engine itself: the oracles that
// the certification's exact calculator and estimator are held to.
import type { GameModel } from '../../src/engine/model.ts';

const freeze = <T>(model: T): T => structuredClone(model);

/**
 * 3×2 lines game with everything the walk and the sequence law must get right: wilds that double
 * in free spins, an expanding symbol, scatter pays, free spins by count with retriggers, a buy,
 * and a cap low enough that free spins reach it.
 */
export const toyLines: GameModel = freeze({
  slug: 'toy-lines',
  variant: 'toy',
  reels: 3,
  rows: 2,
  symbols: [
    { id: 0, code: 'A', name: 'Apple', kind: 'regular', pays: [0, 0, 2, 5] },
    { id: 1, code: 'B', name: 'Bell', kind: 'regular', pays: [0, 0, 3, 10] },
    { id: 2, code: 'W', name: 'Wild', kind: 'wild', pays: [0, 0, 0, 20] },
    { id: 3, code: 'S', name: 'Star', kind: 'scatter', pays: [] },
  ],
  evaluation: {
    kind: 'lines',
    lines: [
      [0, 0, 0],
      [1, 1, 1],
      [0, 1, 0],
    ],
  },
  lineCost: 3,
  maxWinMultiplier: 25,
  reelSets: [
    {
      id: 'base-a',
      strips: [
        [0, 1, 3, 0, 2, 1],
        [1, 0, 2, 3, 0, 1, 0],
        [0, 3, 1, 2, 0, 1],
      ],
    },
    {
      id: 'base-b',
      strips: [
        [1, 1, 0, 3, 0],
        [0, 2, 1, 3, 1],
        [3, 0, 1, 0, 2, 1],
      ],
    },
    {
      id: 'free',
      strips: [
        [2, 0, 3, 1, 0],
        [1, 2, 0, 3, 2],
        [0, 1, 2, 3, 1, 0],
      ],
    },
  ],
  modes: {
    base: { costCoins: 3, reelSets: { ids: ['base-a', 'base-b'], weights: [3, 1] } },
    special: null,
    buy: { costCoins: 30, feature: 'free_spins' },
  },
  scatter: { symbol: 3, pays: [0, 0, 1, 6], trigger: [0, 0, 2, 3], retrigger: [0, 0, 1, 1] },
  freeSpins: {
    reelSets: { ids: ['free'], weights: [1] },
    buySpins: 2,
    wildMultiplier: 2,
    expandingSymbols: { values: [0, 1], weights: [2, 1] },
  },
  tumble: false,
  multiplier: null,
  collect: null,
  pick: null,
});

/**
 * 3×3 pay-anywhere game with tumbles, multipliers and free spins: small enough to walk every stop
 * combination, the oracle of the estimator.
 */
export const toyTumbles: GameModel = freeze({
  slug: 'toy-tumbles',
  variant: 'toy',
  reels: 3,
  rows: 3,
  symbols: [
    { id: 0, code: 'A', name: 'Apple', kind: 'regular', pays: [0, 0, 0, 0, 2, 2, 5] },
    { id: 1, code: 'B', name: 'Bell', kind: 'regular', pays: [0, 0, 0, 0, 4, 4, 10] },
    { id: 2, code: 'P', name: 'Planet', kind: 'multiplier', pays: [] },
    { id: 3, code: 'C', name: 'Comet', kind: 'scatter', pays: [] },
  ],
  evaluation: { kind: 'anywhere', minCount: 4 },
  lineCost: 4,
  maxWinMultiplier: 30,
  reelSets: [
    {
      id: 'base',
      strips: [
        [0, 1, 0, 2, 1, 0, 3, 1],
        [1, 0, 1, 0, 3, 2, 0],
        [0, 0, 1, 3, 1, 2, 1, 0, 1],
      ],
    },
    {
      id: 'free',
      strips: [
        [0, 2, 1, 0, 3, 1],
        [1, 2, 0, 1, 3, 0, 2],
        [2, 0, 1, 3, 0, 1],
      ],
    },
  ],
  modes: {
    base: { costCoins: 4, reelSets: { ids: ['base'], weights: [1] } },
    special: null,
    buy: { costCoins: 40, feature: 'free_spins' },
  },
  scatter: { symbol: 3, pays: [0, 0, 1, 5], trigger: [0, 0, 3, 3], retrigger: [0, 0, 1, 1] },
  freeSpins: {
    reelSets: { ids: ['free'], weights: [1] },
    buySpins: 3,
    wildMultiplier: 1,
    expandingSymbols: null,
  },
  tumble: true,
  multiplier: { symbol: 2, values: { values: [2, 3, 5], weights: [5, 3, 1] } },
  collect: null,
  pick: null,
});
