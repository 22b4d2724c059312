import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BetMode } from '../engine/model.ts';
import { createSeededRng } from '../engine/rng.ts';
import { initialState, modeCostCoins, spin } from '../engine/spin.ts';
import { checkBet, ladderForModel, stakeForModel } from './ladder.ts';
import { allGames } from './registry.ts';
import { betStake, betUnit } from './stake.ts';

describe('betStake', () => {
  it.each([
    [10n, 1, 20, 200n],
    [10n, 3, 20, 600n],
    [5n, 2, 1000, 10_000n],
    [1n, 10, 25, 250n],
  ])('coin %s × level %s × %s coins = %s', (coin, level, coins, stake) => {
    expect(betStake(coin, level, coins)).toBe(stake);
  });

  it('is exact far beyond a float: the unit a win pays times the mode’s coins', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (coin, level, coins) => {
          expect(betStake(coin, level, coins)).toBe(coin * BigInt(level) * BigInt(coins));
          expect(betStake(coin, level, coins)).toBe(betUnit(coin, level) * BigInt(coins));
        },
      ),
    );
  });

  // The certified engine prices a spin itself; this pins its outcome.stake and win unit to betStake
  // for every game, variant and mode, so the two cannot drift apart.
  it('prices every paid spin of every game as the engine’s outcome.stake does', () => {
    const cases = allGames().flatMap((game) =>
      Object.values(game.variants).flatMap((model) =>
        (['base', 'special', 'buy'] as BetMode[])
          .filter((mode) => mode === 'base' || model.modes[mode] !== null)
          .map((mode) => ({ model, mode })),
      ),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.constantFrom('EUR', 'JPY', 'KWD', 'BTC'),
        fc.nat(),
        fc.integer({ min: 0, max: 2 ** 31 }),
        ({ model, mode }, currency, pick, seed) => {
          const ladder = ladderForModel(model, currency);
          const coin = ladder.coinValues[pick % ladder.coinValues.length] as bigint;
          const betLevel = ladder.betLevels[pick % ladder.betLevels.length] as number;
          const bet = { coin, betLevel, mode };
          const { outcome } = spin(model, initialState(model), bet, createSeededRng(seed));
          const stake = betStake(coin, betLevel, modeCostCoins(model, mode));
          expect(outcome.stake).toBe(stake);
          expect(outcome.totalWin).toBe(BigInt(outcome.coins) * betUnit(coin, betLevel));
          expect(stakeForModel(model, bet)).toBe(stake);
          expect(checkBet(ladder, bet)).toEqual({ ok: true, stake });
        },
      ),
      { numRuns: 300 },
    );
  });
});
