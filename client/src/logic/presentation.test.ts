import { describe, expect, it } from 'vitest';
import type { Outcome, Screen, Win } from '../api/types.ts';
import {
  anticipationReels,
  byAmountDesc,
  finalScreen,
  paidSequence,
  paidSteps,
  planPresentation,
  type Step,
  screenCells,
  TIER_FROM,
  takesScreen,
  winTier,
} from './presentation.ts';

const grid = (symbol: number): number[][] => Array.from({ length: 5 }, () => [symbol, symbol, symbol]);
const screen = (phase: Screen['phase'], symbol = 0): Screen => ({
  phase,
  reelSet: null,
  stops: null,
  symbols: grid(symbol),
  values: Array.from({ length: 5 }, () => [0, 0, 0]),
});
const win = (screenIndex: number, amount: string, extra: Partial<Win> = {}): Win => ({
  screen: screenIndex,
  kind: 'line',
  symbol: 1,
  count: 3,
  line: 0,
  ways: null,
  positions: [
    [0, 1],
    [1, 1],
    [2, 1],
  ],
  multiplier: 1,
  coins: 1,
  amount,
  ...extra,
});
const outcome = (fields: Partial<Outcome>): Outcome => ({
  kind: 'base',
  screens: [screen('spin')],
  wins: [],
  features: [],
  coins: 0,
  totalWin: '0',
  capped: false,
  freeSpinsLeft: 0,
  sequenceWin: '0',
  ...fields,
});

describe('win presentation order', () => {
  it('a losing spin lands and shows a zero total', () => {
    expect(planPresentation(outcome({}), 100n, 5n)).toEqual([
      { type: 'land', screen: 0 },
      { type: 'total', amount: 0n, tier: 'none' },
    ]);
  });

  it('shows all wins of a picture together, then each one biggest first', () => {
    const small = win(0, '10', { line: 0 });
    const big = win(0, '50', { line: 3 });
    const tie = win(0, '10', { line: 7 });
    const steps = planPresentation(outcome({ wins: [small, big, tie], totalWin: '70' }), 100n, 5n);
    expect(steps.map((s) => s.type)).toEqual(['land', 'wins', 'win', 'win', 'win', 'total']);
    expect(steps[1]).toMatchObject({ amount: 70n });
    expect(steps.slice(2).map((s) => (s.type === 'win' ? s.win.line : null))).toEqual([3, 0, 7, null]);
  });

  it('a single win is not repeated one by one', () => {
    const steps = planPresentation(outcome({ wins: [win(0, '10')], totalWin: '10' }), 100n, 5n);
    expect(steps.map((s) => s.type)).toEqual(['land', 'wins', 'total']);
  });

  it('tumbles remove the previous picture’s winning cells before the next wins', () => {
    const o = outcome({
      screens: [screen('spin'), screen('tumble'), screen('tumble')],
      wins: [
        win(0, '10'),
        win(0, '20', {
          positions: [
            [2, 1],
            [3, 1],
          ],
        }),
        win(1, '30'),
      ],
      features: [{ type: 'multiplier', screen: 2, factor: 3 }],
      totalWin: '180',
    });
    const steps = planPresentation(o, 10n, 5n);
    expect(steps.map((s) => s.type)).toEqual([
      'land',
      'wins',
      'win',
      'win',
      'tumble',
      'wins',
      'tumble',
      'multiplier',
      'total',
    ]);
    const tumble = steps[4];
    expect(tumble?.type === 'tumble' && tumble.removed).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    expect(steps[8]).toEqual({ type: 'total', amount: 180n, tier: 'big' });
  });

  it('hold-and-collect announces its respins before the first respin picture', () => {
    const o = outcome({
      screens: [screen('spin'), screen('respin'), screen('respin')],
      wins: [win(2, '500', { kind: 'hold_and_collect' })],
      features: [{ type: 'hold_and_collect', firstScreen: 1, respins: 3, full: false, coins: 100 }],
      totalWin: '500',
    });
    expect(planPresentation(o, 100n, 5n).map((s) => s.type)).toEqual([
      'land',
      'hold',
      'respin',
      'respin',
      'wins',
      'total',
    ]);
  });

  it('features come after the reels: pick prize, then free spins, then the cap and the total', () => {
    const o = outcome({
      wins: [win(0, '10'), win(0, '99', { kind: 'pick' })],
      features: [
        { type: 'free_spins', awarded: 10, retrigger: false, expandingSymbol: null },
        {
          type: 'pick',
          picks: [
            { prize: 'coins', value: 5 },
            { prize: 'end', value: 0 },
          ],
          multiplier: 2,
          coins: 10,
        },
        { type: 'max_win' },
      ],
      totalWin: '60',
    });
    const steps = planPresentation(o, 100n, 5n);
    expect(steps.map((s) => s.type)).toEqual(['land', 'wins', 'pick', 'free_spins', 'max_win', 'total']);
    expect(steps[1]).toMatchObject({ amount: 10n }); // the pick prize is not drawn on the reels
    expect(steps[2]).toMatchObject({ amount: 50n }); // 10 coins × 5 minor units
  });

  it('takes the screen only from a big win (10× the stake): smaller wins stay on the reels', () => {
    const stake = 100n;
    const screen = (amount: bigint) => takesScreen(winTier(amount, stake));
    expect(screen(0n)).toBe(false);
    expect(screen(99n)).toBe(false);
    expect(screen(100n)).toBe(false);
    expect(screen(999n)).toBe(false);
    expect(screen(1000n)).toBe(true);
    expect(screen(2500n)).toBe(true);
    expect(screen(123_456n)).toBe(true);
    expect(TIER_FROM).toEqual({ win: 1n, big: 10n, mega: 25n, epic: 50n });
  });

  it('tiers wins by the multiple of the stake, nothing celebrated below it', () => {
    expect(winTier(0n, 100n)).toBe('none');
    expect(winTier(99n, 100n)).toBe('small');
    expect(winTier(100n, 100n)).toBe('win');
    expect(winTier(999n, 100n)).toBe('win');
    expect(winTier(1000n, 100n)).toBe('big');
    expect(winTier(2499n, 100n)).toBe('big');
    expect(winTier(2500n, 100n)).toBe('mega');
    expect(winTier(5000n, 100n)).toBe('epic');
    expect(winTier(50n, 0n)).toBe('small');
  });

  it('anticipates the reels still to stop when one trigger symbol is missing', () => {
    const S = 9;
    const grid = (...columns: number[][]) => ({
      phase: 'spin' as const,
      reelSet: null,
      stops: null,
      symbols: columns,
      values: columns.map((c) => c.map(() => 0)),
    });
    const scatter = new Set([S]);
    // Two scatters on the first two reels of a three-scatter trigger: reels 2, 3 and 4 build suspense.
    expect(
      anticipationReels(grid([S, 1, 2], [3, S, 4], [1, 2, 3], [1, 2, 3], [1, 2, 3]), scatter, 3),
    ).toEqual([2, 3, 4]);
    // The third arrives on reel 2: the feature is won, nothing left to wait for.
    expect(
      anticipationReels(grid([S, 1, 2], [3, S, 4], [S, 2, 3], [1, 2, 3], [1, 2, 3]), scatter, 3),
    ).toEqual([2]);
    // One scatter only: no anticipation.
    expect(
      anticipationReels(grid([S, 1, 2], [3, 1, 4], [1, 2, 3], [1, 2, 3], [1, 2, 3]), scatter, 3),
    ).toEqual([]);
    // Two scatters stacked on reel 0 count both.
    expect(anticipationReels(grid([S, S, 2], [3, 1, 4], [1, 2, 3]), scatter, 3)).toEqual([1, 2]);
    expect(anticipationReels(grid([S, S, 2], [3, 1, 4]), new Set(), 3)).toEqual([]);
  });

  it('sorts by amount, stable on ties', () => {
    const wins = [win(0, '1', { line: 1 }), win(0, '3', { line: 2 }), win(0, '1', { line: 3 })];
    expect(byAmountDesc(wins).map((w) => w.line)).toEqual([2, 1, 3]);
  });
});

describe('layout of a screen from an outcome', () => {
  const rules = {
    symbols: [
      { id: 0, code: 'A', name: 'Anchor', kind: 'regular', pays: [] },
      { id: 1, code: 'M', name: 'Crate', kind: 'money', pays: [] },
      { id: 2, code: 'X', name: 'Planet', kind: 'multiplier', pays: [] },
    ],
  };

  it('lists every cell reel by reel with money and multiplier labels', () => {
    const s: Screen = {
      phase: 'respin',
      reelSet: null,
      stops: null,
      symbols: [
        [0, 1],
        [2, -1],
      ],
      values: [
        [0, 5],
        [3, 0],
      ],
    };
    const cells = screenCells(s, rules, (coins) => `$${coins}.00`);
    expect(cells).toEqual([
      { reel: 0, row: 0, symbol: 0, kind: 'regular', label: '' },
      { reel: 0, row: 1, symbol: 1, kind: 'money', label: '$5.00' },
      { reel: 1, row: 0, symbol: 2, kind: 'multiplier', label: '×3' },
      { reel: 1, row: 1, symbol: -1, kind: 'empty', label: '' },
    ]);
  });

  it('the final picture is the last screen', () => {
    const o = outcome({ screens: [screen('spin', 0), screen('tumble', 2)] });
    expect(finalScreen(o)?.symbols[0]).toEqual([2, 2, 2]);
  });
});

describe('paidSteps (a free round cut by its grant max_win)', () => {
  const steps: Step[] = [
    { type: 'land', screen: 0 },
    { type: 'wins', screen: 0, wins: [], amount: 600n },
    { type: 'win', screen: 0, win: {} as Win },
    { type: 'free_spins', awarded: 10, retrigger: false, expandingSymbol: null },
    { type: 'pick', picks: [], multiplier: 1, coins: 4, amount: 400n },
    { type: 'total', amount: 1000n, tier: 'big' },
  ];

  it('leaves a round paid in full as planned', () => {
    expect(paidSteps(steps, 1000n, false, 100n)).toEqual(steps);
  });

  it('counts up only to what was paid, names no line figure, tiers and announces the paid amount', () => {
    const paid = paidSteps(steps, 650n, false, 100n);
    const counted = paid.flatMap((s) => (s.type === 'wins' || s.type === 'pick' ? [s.amount] : []));
    expect(counted).toEqual([600n, 50n]);
    expect(counted.reduce((a, b) => a + b, 0n)).toBe(650n);
    expect(paid.some((s) => s.type === 'win')).toBe(false);
    expect(paid.slice(-2)).toEqual([
      { type: 'grant_cap', paid: 650n },
      { type: 'total', amount: 650n, tier: 'win' },
    ]);
    // The feature still plays: the cap was not reached by this round alone (capReached false).
    expect(paid.some((s) => s.type === 'free_spins')).toBe(true);
  });

  it('pays nothing after the cap: no count-up, no tier, and a feature the cap ended is not announced', () => {
    const paid = paidSteps(steps, 0n, true, 100n);
    expect(paid.filter((s) => s.type === 'wins' || s.type === 'pick').every((s) => s.amount === 0n)).toBe(
      true,
    );
    expect(paid.some((s) => s.type === 'free_spins')).toBe(false);
    expect(paid.at(-1)).toEqual({ type: 'total', amount: 0n, tier: 'none' });
  });

  it('tells the player when a round reached the cap exactly', () => {
    const paid = paidSteps(steps, 1000n, true, 100n);
    expect(paid.find((s) => s.type === 'grant_cap')).toEqual({ type: 'grant_cap', paid: 1000n });
    expect(paid.at(-1)).toEqual({ type: 'total', amount: 1000n, tier: 'big' });
  });

  it("the feature's paid total is the game's before this spin plus this spin's paid win", () => {
    expect(paidSequence({ sequenceWin: '900', totalWin: '500' }, 100n)).toBe(500n);
    expect(paidSequence({ sequenceWin: '900', totalWin: '500' }, 500n)).toBe(900n);
  });
});
