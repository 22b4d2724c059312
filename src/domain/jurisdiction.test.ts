import { describe, expect, it } from 'vitest';
import { betLadder, getGame } from '../games/index.ts';
import {
  effectiveRules,
  findProfile,
  maxStakeMinor,
  PERMISSIVE,
  type Profile,
} from '../jurisdictions/index.ts';
import { restrictLadder, stakeOf } from './jurisdiction.ts';

const game = getGame('rf_ember_crown');
if (!game) throw new Error('rf_ember_crown missing');
const gbp = betLadder(game, 'GBP');
const uk = effectiveRules(findProfile('uk') as Profile);

describe('restrictLadder', () => {
  it('leaves the ladder whole with no cap and no bans', () => {
    expect(restrictLadder(gbp, PERMISSIVE, null)).toEqual(gbp);
  });

  it('leaves out coins, levels and modes whose cheapest bet is above the cap', () => {
    for (const [band, cap] of [
      ['25+', 500n],
      ['18-24', 200n],
    ] as const) {
      expect(maxStakeMinor(uk, 'GBP', band)).toBe(cap);
      const ladder = restrictLadder(gbp, uk, cap);
      const [minCoin] = ladder.coinValues;
      expect(ladder.coinValues.length).toBeGreaterThan(0);
      for (const coin of ladder.coinValues) expect(stakeOf(ladder, coin, 1, 'base')).toBeLessThanOrEqual(cap);
      for (const level of ladder.betLevels) {
        expect(stakeOf(ladder, minCoin as bigint, level, 'base')).toBeLessThanOrEqual(cap);
      }
      // What was left out is above the cap.
      for (const coin of gbp.coinValues.filter((c) => !ladder.coinValues.includes(c))) {
        expect(stakeOf(gbp, coin, 1, 'base')).toBeGreaterThan(cap);
      }
      expect(ladder.coinValues).toContain(ladder.defaultCoin);
      if (gbp.modes.buy && stakeOf(gbp, gbp.coinValues[0] as bigint, 1, 'buy') > cap) {
        expect(ladder.modes.buy).toBeUndefined();
      }
    }
  });

  it('drops banned modes whatever they cost', () => {
    const banned = { ...PERMISSIVE, feature_buy_allowed: false, ante_allowed: false };
    const ladder = restrictLadder(gbp, banned, null);
    expect(ladder.modes.buy).toBeUndefined();
    expect(ladder.modes.special).toBeUndefined();
    expect(ladder.coinValues).toEqual(gbp.coinValues);
  });

  it('prices a bet as coin × level × the mode coins', () => {
    expect(stakeOf(gbp, 10n, 3, 'base')).toBe(10n * 3n * BigInt(gbp.lineCost));
    if (gbp.modes.special) {
      expect(stakeOf(gbp, 10n, 2, 'special')).toBe(10n * 2n * BigInt(gbp.modes.special.coins));
    }
  });
});
