import { describe, expect, it } from 'vitest';
import { createSeededRng, initialState, spin } from '../../../src/engine/index.ts';
import { getGame, modelOf } from '../../../src/games/index.ts';
import { describeGame } from '../../../src/games/play.ts';
import type { Screen } from '../api/types.ts';
import {
  cellsShowing,
  heldCoins,
  holdCountdown,
  holdRespins,
  pickTallies,
  ruleFact,
  wildMultiplier,
} from './feature-counters.ts';

const CRATE = 7;
const money = new Set([CRATE]);

/** A 3×2 picture: `held` lists the cells (reel*2+row) holding a crate worth `value` coins. */
function picture(held: number[], value = 10, phase: Screen['phase'] = 'respin'): Screen {
  const symbols = [0, 1, 2].map((reel) => [0, 1].map((row) => (held.includes(reel * 2 + row) ? CRATE : -1)));
  const values = symbols.map((column) => column.map((id) => (id === CRATE ? value : 0)));
  return { phase, reelSet: null, stops: null, symbols, values };
}

describe('hold-and-collect countdown', () => {
  it('starts at the rule, counts down a respin without a new crate and resets when one lands', () => {
    const screens = [
      picture([0, 1], 10, 'spin'),
      picture([0, 1]), // held: the first respin picture
      picture([0, 1]), // nothing new: 2 left
      picture([0, 1, 4]), // a crate: back to 3
      picture([0, 1, 4]),
      picture([0, 1, 4]),
      picture([0, 1, 4]), // 0 left: over
    ];
    const left = holdCountdown(screens, 1, 3, money);
    expect([...left.entries()]).toEqual([
      [1, 3],
      [2, 2],
      [3, 3],
      [4, 2],
      [5, 1],
      [6, 0],
    ]);
  });

  it('follows whatever the rule says (5 respins reset to 5)', () => {
    const screens = [picture([0]), picture([0]), picture([0, 2])];
    expect([...holdCountdown(screens, 0, 5, money).values()]).toEqual([5, 4, 5]);
  });

  it('is empty when the first held picture is missing', () => {
    expect(holdCountdown([], 0, 3, money).size).toBe(0);
  });

  it('sums the values held and finds their cells', () => {
    const screen = picture([0, 3, 5], 25);
    expect(heldCoins(screen, money)).toBe(75);
    expect(cellsShowing(screen, money)).toEqual([
      [0, 0],
      [1, 1],
      [2, 1],
    ]);
  });
});

describe('rule facts read from the certified games', () => {
  const rulesOf = (symbol: string) =>
    describeGame(getGame(symbol) as NonNullable<ReturnType<typeof getGame>>);

  it('Harbor Haul holds with the respins its model says, not a number of our own', () => {
    const rules = rulesOf('rf_harbor_haul');
    expect(holdRespins(rules)).toBe(ruleFact(rules, 'hold')?.respins);
    expect(holdRespins(rules)).toBeGreaterThan(0);
    expect(wildMultiplier(rules)).toBeNull();
  });

  it('Ember Crown multiplies its wilds in free spins by its rule, and only Ember does', () => {
    expect(wildMultiplier(rulesOf('rf_ember_crown'))).toBe(
      ruleFact(rulesOf('rf_ember_crown'), 'wild_multiplier')?.factor,
    );
    expect(wildMultiplier(rulesOf('rf_ember_crown'))).toBeGreaterThan(1);
    for (const other of ['rf_dune_lantern', 'rf_orbit_orchard', 'rf_jade_paths', 'rf_copper_sevens'])
      expect(wildMultiplier(rulesOf(other)), other).toBeNull();
  });
});

describe('pick tallies', () => {
  it('adds cash, adds boosts to the multiplier and multiplies, as the engine pays', () => {
    const tallies = pickTallies([
      { prize: 'coins', value: 50 },
      { prize: 'multiplier', value: 1 },
      { prize: 'coins', value: 25 },
      { prize: 'end', value: 0 },
    ]);
    expect(tallies).toEqual([
      { coins: 50, multiplier: 1, total: 50 },
      { coins: 50, multiplier: 2, total: 100 },
      { coins: 75, multiplier: 2, total: 150 },
      { coins: 75, multiplier: 2, total: 150 },
    ]);
  });
});

describe('the countdown against the engine', () => {
  it('ends at 0 respins (or a full harbor) after exactly the respins the round played', () => {
    const game = getGame('rf_harbor_haul') as NonNullable<ReturnType<typeof getGame>>;
    const model = modelOf(game);
    const rules = describeGame(game);
    const crates = new Set(rules.symbols.filter((s) => s.kind === 'money').map((s) => s.id));
    let checked = 0;
    for (let seed = 1; checked < 5 && seed < 200_000; seed++) {
      const { outcome } = spin(
        model,
        initialState(model),
        { coin: 5n, betLevel: 1, mode: 'base' },
        createSeededRng(seed, 0),
      );
      const hold = outcome.features.find((f) => f.type === 'hold_and_collect');
      if (hold?.type !== 'hold_and_collect') continue;
      const left = holdCountdown(
        outcome.screens as Screen[],
        hold.firstScreen,
        holdRespins(rules) as number,
        crates,
      );
      expect(left.size, `seed ${seed}`).toBe(hold.respins + 1);
      expect([...left.values()].at(-1), `seed ${seed}`).toBe(hold.full ? [...left.values()].at(-1) : 0);
      checked++;
    }
    expect(checked).toBe(5);
  });
});
