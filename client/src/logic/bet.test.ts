import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '../api/types.ts';
import {
  type BetChoice,
  buildLadder,
  canStep,
  capLadder,
  coinsFromMultiplier,
  largestAffordable,
  stepBet,
  totalBet,
} from './bet.ts';

function info(
  overrides: Partial<SessionInfo['bet']> = {},
  rulesModes?: SessionInfo['game']['rules']['modes'],
) {
  return {
    session: { currency: 'USD' },
    game: { rules: rulesModes ? { modes: rulesModes } : undefined },
    bet: {
      coin_values: ['0.05', '0.01', '0.02', '0.10'],
      bet_levels: [1, 2, 3],
      default_coin: '0.02',
      default_bet_level: 2,
      line_cost: 20,
      modes: {
        base: { cost_multiplier: '1' },
        special: { cost_multiplier: '1.25' },
        buy: { cost_multiplier: '100' },
      },
      ...overrides,
    },
  } as unknown as SessionInfo;
}

describe('bet ladder', () => {
  it('leaves out the steps above a market’s stake cap, keeping the lowest', () => {
    const ladder = buildLadder(info());
    // Line cost 20: totals 20, 40, 60, … minor units; a cap of 1.00 keeps coin × level ≤ 5.
    const capped = capLadder(ladder, 100n);
    expect(capped.steps.map((s) => s.coinMinor * BigInt(s.level))).toEqual([1n, 2n, 3n, 4n, 5n]);
    expect(canStep(capped, capped.steps[4] as BetChoice, 1)).toBe(false);
    expect(capLadder(ladder, null)).toBe(ladder);
    expect(capLadder(ladder, 1n).steps).toHaveLength(1);
  });

  it('orders every coin × level by total and drops equal totals', () => {
    const ladder = buildLadder(info());
    const totals = ladder.steps.map((s) => s.coinMinor * BigInt(s.level));
    expect(totals).toEqual([1n, 2n, 3n, 4n, 5n, 6n, 10n, 15n, 20n, 30n]);
    // 0.02 × 1 and 0.01 × 2 cost the same: the smaller level is kept
    expect(ladder.steps[1]).toMatchObject({ coin: '0.02', level: 1 });
  });

  it('prices modes exactly in minor units', () => {
    const ladder = buildLadder(info());
    const bet: BetChoice = { coin: '0.02', coinMinor: 2n, level: 2 };
    expect(totalBet(ladder, bet, 'base')).toBe(80n); // 0.02 × 2 × 20 = 0.80
    expect(totalBet(ladder, bet, 'special')).toBe(100n); // × 25 coins
    expect(totalBet(ladder, bet, 'buy')).toBe(8000n); // × 2000 coins
  });

  it('takes mode coins from the rules when given, and none for a missing mode', () => {
    const ladder = buildLadder(
      info(
        { modes: { base: { cost_multiplier: '1' }, special: null, buy: { cost_multiplier: '50' } } },
        {
          base: 20,
          special: null,
          buy: 1000,
        },
      ),
    );
    expect(ladder.modeCoins).toEqual({ base: 20, special: null, buy: 1000 });
    expect(totalBet(ladder, ladder.steps[0] as BetChoice, 'special')).toBe(0n);
  });

  it('reads cost multipliers as exact fractions', () => {
    expect(coinsFromMultiplier(20, '1.25')).toBe(25);
    expect(coinsFromMultiplier(10, '100')).toBe(1000);
    expect(coinsFromMultiplier(3, '1.1')).toBeNull();
    expect(coinsFromMultiplier(20, '5/4')).toBe(25);
    expect(coinsFromMultiplier(3, '4/3')).toBe(4);
    expect(coinsFromMultiplier(2, '4/3')).toBeNull();
  });

  it('steps up and down and stops at the ends', () => {
    const ladder = buildLadder(info());
    const first = ladder.steps[0] as BetChoice;
    expect(canStep(ladder, first, -1)).toBe(false);
    expect(stepBet(ladder, first, -1)).toBe(first);
    const up = stepBet(ladder, first, 1);
    expect(up.coinMinor * BigInt(up.level)).toBe(2n);
    const last = ladder.steps[ladder.steps.length - 1] as BetChoice;
    expect(canStep(ladder, last, 1)).toBe(false);
    expect(stepBet(ladder, stepBet(ladder, last, -1), 1)).toBe(last);
  });

  it('steps down from a pair the ladder deduplicated to the same total, not past it', () => {
    const ladder = buildLadder(info());
    const pair = { coin: '0.01', coinMinor: 1n, level: 2 }; // deduplicated: same total as 0.02 × 1
    const down = stepBet(ladder, pair, -1);
    expect(down.coinMinor * BigInt(down.level)).toBe(1n);
  });

  it('finds the largest affordable bet', () => {
    const ladder = buildLadder(info());
    expect(largestAffordable(ladder, 100n, 'base')).toMatchObject({ coin: '0.05', level: 1 }); // 1.00
    expect(largestAffordable(ladder, 10n, 'base')).toBeNull();
  });
});
