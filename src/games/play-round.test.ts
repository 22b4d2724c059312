import { describe, expect, it } from 'vitest';
import { initialState } from '../engine/index.ts';
import { createSeededRng } from '../engine/rng.ts';
import { spin } from '../engine/spin.ts';
import { allGames } from './index.ts';
import { betOfRound, cappedGrantWin, type GrantTerms, playRound } from './play-round.ts';

const grant = (fields: Partial<GrantTerms> = {}): GrantTerms => ({
  newRound: true,
  campaignBet: { coin: 10n, betLevel: 2 },
  maxWin: null,
  wonSoFar: 0n,
  ...fields,
});

describe('cappedGrantWin', () => {
  it.each([
    ['a paid round is never capped', 5000n, null, 5000n],
    ['no cap on the campaign', 5000n, grant(), 5000n],
    ['below what the cap leaves', 300n, grant({ maxWin: 1000n, wonSoFar: 600n }), 300n],
    ['exactly what the cap leaves', 400n, grant({ maxWin: 1000n, wonSoFar: 600n }), 400n],
    ['above what the cap leaves: the rest', 900n, grant({ maxWin: 1000n, wonSoFar: 600n }), 400n],
    ['the cap reached: nothing', 900n, grant({ maxWin: 1000n, wonSoFar: 1000n }), 0n],
    [
      'past the cap (terms lowered): nothing, never negative',
      900n,
      grant({ maxWin: 500n, wonSoFar: 600n }),
      0n,
    ],
  ] as const)('%s', (_name, win, terms, paid) => {
    expect(cappedGrantWin(win, terms)).toBe(paid);
  });
});

describe('betOfRound', () => {
  const requested = { coin: 50n, betLevel: 5, mode: 'buy' as const };
  it('plays a new free round at its campaign bet in the base mode', () => {
    expect(betOfRound(requested, grant())).toEqual({ coin: 10n, betLevel: 2, mode: 'base' });
  });
  it('plays a paid round and a grant feature spin at the requested bet', () => {
    expect(betOfRound(requested, null)).toBe(requested);
    expect(betOfRound(requested, grant({ newRound: false }))).toBe(requested);
  });
});

describe('playRound', () => {
  const model = Object.values(allGames()[0]?.variants ?? {})[0];
  if (!model) throw new Error('no game');
  const bet = { coin: 10n, betLevel: 1, mode: 'base' as const };

  it('is the engine spin with the same draws, and a paid round takes its stake', () => {
    const played = playRound(model, initialState(model), bet, null, createSeededRng(7));
    const engine = spin(model, initialState(model), bet, createSeededRng(7));
    expect(played.outcome).toEqual(engine.outcome);
    expect(played.nextState).toEqual(engine.nextState);
    expect(played.stake).toBe(engine.outcome.stake);
    expect(played.win).toBe(engine.outcome.totalWin);
  });

  it('takes nothing for a free round and pays within its cap', () => {
    for (let seed = 0; seed < 200; seed++) {
      const terms = grant({ campaignBet: { coin: 10n, betLevel: 1 }, maxWin: 25n, wonSoFar: 20n });
      const played = playRound(model, initialState(model), bet, terms, createSeededRng(seed));
      expect(played.stake).toBe(0n);
      expect(played.win).toBe(played.outcome.totalWin > 5n ? 5n : played.outcome.totalWin);
    }
  });
});
