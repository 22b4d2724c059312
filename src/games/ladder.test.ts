import { describe, expect, it } from 'vitest';
import { allGames, betLadder, checkBet, getGame as findGame, type Game, stakeFor } from './index.ts';

function getGame(symbol: string): Game {
  const game = findGame(symbol);
  if (!game) throw new Error(`no game ${symbol}`);
  return game;
}

describe('bet ladder', () => {
  it.each([
    ['USD', [1n, 2n, 5n, 10n, 20n, 50n, 100n], 5n],
    ['JPY', [1n, 2n, 5n, 10n, 20n, 50n, 100n], 5n],
    ['KRW', [10n, 20n, 50n, 100n, 200n, 500n, 1000n], 50n],
    ['KWD', [5n, 10n, 25n, 50n, 100n, 250n, 500n], 25n],
    ['BTC', [20n, 40n, 100n, 200n, 400n, 1000n, 2000n], 100n],
    ['USDT', [1000000n, 2000000n, 5000000n, 10000000n, 20000000n, 50000000n, 100000000n], 5000000n],
  ])('offers exact coin values in %s', (currency, coins, defaultCoin) => {
    const ladder = betLadder(getGame('rf_ember_crown'), currency);
    expect(ladder.coinValues).toEqual(coins);
    expect(ladder.defaultCoin).toBe(defaultCoin);
    expect(ladder.betLevels).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('throws on an unsupported currency', () => {
    expect(() => betLadder(getGame('rf_ember_crown'), 'XXX')).toThrow();
  });

  it.each([
    ['rf_ember_crown', 20, { special: [25, 5, 4] }],
    ['rf_dune_lantern', 10, { buy: [1000, 100, 1] }],
    ['rf_orbit_orchard', 20, { special: [25, 5, 4], buy: [2000, 100, 1] }],
    ['rf_harbor_haul', 10, { buy: [750, 75, 1] }],
    ['rf_jade_paths', 25, {}],
    ['rf_copper_sevens', 5, {}],
  ] as const)('prices the modes of %s exactly', (symbol, lineCost, extra) => {
    const game = getGame(symbol);
    const ladder = betLadder(game, 'EUR');
    expect(ladder.lineCost).toBe(lineCost);
    expect(ladder.modes.base).toEqual({ coins: lineCost, ofBase: { numerator: 1, denominator: 1 } });
    for (const mode of ['special', 'buy'] as const) {
      const want = (extra as Record<string, readonly number[]>)[mode];
      if (!want) {
        expect(ladder.modes[mode]).toBeUndefined();
        continue;
      }
      expect(ladder.modes[mode]).toEqual({
        coins: want[0],
        ofBase: { numerator: want[1], denominator: want[2] },
      });
      expect(stakeFor(game, { coin: 5n, betLevel: 3, mode })).toBe(5n * 3n * BigInt(want[0] as number));
    }
    expect(stakeFor(game, { coin: 5n, betLevel: 3, mode: 'base' })).toBe(BigInt(15 * lineCost));
  });

  it('checks a bet against the ladder', () => {
    const ladder = betLadder(getGame('rf_ember_crown'), 'EUR');
    expect(checkBet(ladder, { coin: 10n, betLevel: 2, mode: 'special' })).toEqual({ ok: true, stake: 500n });
    expect(checkBet(ladder, { coin: 3n, betLevel: 2, mode: 'base' })).toEqual({
      ok: false,
      reason: 'coin_not_offered',
    });
    expect(checkBet(ladder, { coin: 10n, betLevel: 11, mode: 'base' })).toEqual({
      ok: false,
      reason: 'bet_level_not_offered',
    });
    expect(checkBet(ladder, { coin: 10n, betLevel: 1, mode: 'buy' })).toEqual({
      ok: false,
      reason: 'mode_not_offered',
    });
  });

  it('costs the same in every RTP variant of a game', () => {
    for (const game of allGames()) {
      const costs = Object.values(game.variants).map((m) =>
        JSON.stringify([
          m.lineCost,
          m.modes.base.costCoins,
          m.modes.special?.costCoins,
          m.modes.buy?.costCoins,
        ]),
      );
      expect(new Set(costs).size).toBe(1);
    }
  });
});
