// The bet list over the real ladders: every game, several currencies, with and without a stake cap.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allGames, betLadder } from '../../../src/games/index.ts';
import { formatAmount } from '../../../src/money.ts';
import type { SessionInfo } from '../api/types.ts';
import {
  buildLadder,
  capLadder,
  curateLadder,
  isRoundTotal,
  operatorDefault,
  startingBet,
  stepBet,
  totalBet,
} from './bet.ts';

const CURRENCIES = ['EUR', 'USD', 'GBP', 'JPY', 'KRW', 'KWD', 'SEK', 'BTC', 'USDT'] as const;

/** The session the runtime API would send for a game's ladder in a currency. */
function sessionOf(symbol: string, currency: string, defaultTotal: string | null = null): SessionInfo {
  const game = allGames().find((g) => g.symbol === symbol);
  if (!game) throw new Error(symbol);
  const ladder = betLadder(game, currency);
  const mode = (cost: { coins: number } | undefined) =>
    cost ? { cost_multiplier: '1', cost_coins: cost.coins } : null;
  return {
    session: { currency },
    game: { rules: undefined },
    bet: {
      coin_values: ladder.coinValues.map((c) => formatAmount(c, currency)),
      bet_levels: ladder.betLevels,
      default_coin: formatAmount(ladder.defaultCoin, currency),
      default_bet_level: ladder.defaultBetLevel,
      default_total: defaultTotal,
      line_cost: ladder.lineCost,
      modes: {
        base: mode(ladder.modes.base),
        special: mode(ladder.modes.special),
        buy: mode(ladder.modes.buy),
      },
    },
  } as unknown as SessionInfo;
}

const symbols = allGames().map((g) => g.symbol);

describe('the bet list', () => {
  it('knows a round total', () => {
    for (const round of [1n, 2n, 4n, 5n, 10n, 20n, 40n, 50n, 100n, 500n, 2000n])
      expect(isRoundTotal(round)).toBe(true);
    for (const odd of [0n, 3n, 6n, 7n, 14n, 25n, 28n, 32n, 125n, 140n]) expect(isRoundTotal(odd)).toBe(false);
  });

  it('is sorted, unique, on the ladder, inside the cap, and holds its default, for every game and currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...symbols),
        fc.constantFrom(...CURRENCIES),
        fc.option(fc.bigInt({ min: 1n, max: 100_000_000_000n }), { nil: null }),
        (symbol, currency, cap) => {
          const info = sessionOf(symbol, currency);
          const full = buildLadder(info);
          const list = curateLadder(capLadder(full, cap));
          const totals = list.steps.map((s) => totalBet(list, s, 'base'));
          expect(totals.length).toBeGreaterThan(0);
          for (let i = 1; i < totals.length; i++)
            expect(totals[i] as bigint).toBeGreaterThan(totals[i - 1] as bigint);
          for (const step of list.steps) {
            expect(info.bet.coin_values).toContain(step.coin);
            expect(info.bet.bet_levels).toContain(step.level);
            expect(step.coinMinor * BigInt(step.level) * BigInt(info.bet.line_cost)).toBe(
              totalBet(list, step, 'base'),
            );
          }
          // The cap: every entry fits under it, except the ladder's lowest step when nothing does.
          if (cap !== null) for (const total of totals.slice(1)) expect(total).toBeLessThanOrEqual(cap);
          // Only round totals and the two ends.
          for (const total of totals.slice(1, -1)) expect(isRoundTotal(total)).toBe(true);
          const start = startingBet(list, null);
          expect(list.steps).toContain(start);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('starts every game at the same €1.00 (and 100 smallest coins elsewhere)', () => {
    for (const symbol of symbols) {
      const info = sessionOf(symbol, 'EUR');
      const list = curateLadder(buildLadder(info));
      expect(totalBet(list, startingBet(list, null), 'base')).toBe(100n);
      const yen = curateLadder(buildLadder(sessionOf(symbol, 'JPY')));
      expect(totalBet(yen, startingBet(yen, null), 'base')).toBe(100n);
    }
  });

  it('offers 0.20 to 200 in round steps on a 20-line game in euros', () => {
    const list = curateLadder(buildLadder(sessionOf('rf_ember_crown', 'EUR')));
    expect(list.steps.map((s) => formatAmount(totalBet(list, s, 'base'), 'EUR'))).toEqual([
      '0.20',
      '0.40',
      '1.00',
      '2.00',
      '4.00',
      '5.00',
      '10.00',
      '20.00',
      '40.00',
      '50.00',
      '100.00',
      '200.00',
    ]);
  });

  it('starts at the operator’s default total and keeps it in the list even when it is not round', () => {
    const info = sessionOf('rf_jade_paths', 'EUR', '3.75');
    const keep = operatorDefault(info);
    expect(keep).toBe(375n);
    const list = curateLadder(buildLadder(info), keep);
    const start = startingBet(list, keep);
    expect(totalBet(list, start, 'base')).toBe(375n);
    // The ± buttons walk the same list: from 3.75 up to the next round total and back.
    const up = stepBet(list, start, 1);
    expect(totalBet(list, up, 'base')).toBe(400n);
    expect(totalBet(list, stepBet(list, up, -1), 'base')).toBe(375n);
  });

  it('falls back to the house default when the operator’s total is above the market cap', () => {
    const info = sessionOf('rf_ember_crown', 'GBP', '10.00');
    const keep = operatorDefault(info);
    const list = curateLadder(capLadder(buildLadder(info), 200n), keep);
    expect(totalBet(list, startingBet(list, keep), 'base')).toBe(100n);
    expect(totalBet(list, list.steps[list.steps.length - 1] as never, 'base')).toBe(200n);
  });

  it('reads no operator default from a missing or malformed field', () => {
    expect(operatorDefault(sessionOf('rf_ember_crown', 'EUR'))).toBeNull();
    expect(operatorDefault(sessionOf('rf_ember_crown', 'EUR', '1,00'))).toBeNull();
    expect(operatorDefault(sessionOf('rf_ember_crown', 'EUR', '1.005'))).toBeNull();
  });
});
