// Seeds for the test-only seeded RNG (APP_ENV=test): found by running the engine first, so a browser
// test or the screenshot gallery can make the next spin start a feature or pay a given tier.
import { createSeededRng, initialState, type Outcome, spin } from '../../src/engine/index.ts';
import { getGame, modelOf } from '../../src/games/index.ts';

/** The first seed whose first spin (in `mode`) shows what `wanted` looks for. */
export function findSeed(
  symbol: string,
  mode: 'base' | 'special',
  wanted: (outcome: Outcome) => boolean,
  limit = 200_000,
): number {
  const game = getGame(symbol);
  if (!game) throw new Error(`no game ${symbol}`);
  const model = modelOf(game);
  for (let seed = 1; seed < limit; seed++) {
    const { outcome } = spin(
      model,
      initialState(model),
      { coin: 5n, betLevel: 1, mode },
      createSeededRng(seed, 0),
    );
    if (wanted(outcome)) return seed;
  }
  throw new Error(`no seed found for ${symbol}`);
}

/** The win of a base spin as a multiple of its stake (coins × 5 minor units × line cost). */
export function stakeMultiple(symbol: string, outcome: Outcome): number {
  const game = getGame(symbol);
  if (!game) throw new Error(`no game ${symbol}`);
  const model = modelOf(game);
  const stake = 5n * BigInt(model.lineCost);
  return Number(BigInt(outcome.totalWin)) / Number(stake);
}
