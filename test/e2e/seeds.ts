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
  return firstSeed(symbol, mode, 1, wanted, limit);
}

/**
 * The first seed whose first `spins` base spins in a row (one session's seeded RNG, as the server
 * plays them) start no feature: a browser test that counts rounds or waits for one spin to end stays
 * the same from run to run.
 */
export function findQuietSeed(symbol: string, spins: number): number {
  return firstSeed(symbol, 'base', spins, (outcome) => outcome.features.length === 0, 200_000);
}

const quietSeeds = new Map<string, number>();

/**
 * A seed that keeps a session of `symbol` out of features for its first `spins` base spins, found
 * once per symbol and count. A test that counts paid rounds, or expects a limit to stop play, seeds
 * it: a feature's free spins cost nothing and play on past every limit, so an unseeded session counts
 * differently about one run in a hundred (a campaign test read a player 2 rounds of 3). A game
 * whose features are frequent (Orbit Orchard starts one in about 15 spins) has no seed quiet for
 * hundreds of spins: ask for what the test plays.
 */
export function quietSeed(symbol: string, spins = 40): number {
  const key = `${symbol}/${spins}`;
  let seed = quietSeeds.get(key);
  if (seed === undefined) {
    seed = findQuietSeed(symbol, spins);
    quietSeeds.set(key, seed);
  }
  return seed;
}

function firstSeed(
  symbol: string,
  mode: 'base' | 'special',
  spins: number,
  wanted: (outcome: Outcome) => boolean,
  limit: number,
): number {
  const game = getGame(symbol);
  if (!game) throw new Error(`no game ${symbol}`);
  const model = modelOf(game);
  seeds: for (let seed = 1; seed < limit; seed++) {
    const rng = createSeededRng(seed, 0);
    let state = initialState(model);
    for (let i = 0; i < spins; i++) {
      const { outcome, nextState } = spin(model, state, { coin: 5n, betLevel: 1, mode }, rng);
      if (!wanted(outcome)) continue seeds;
      state = nextState;
    }
    return seed;
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

/**
 * The first seed whose first base spin starts free spins and whose whole sequence (that spin and every
 * free spin it leads to, in one session's seeded stream) shows what `wanted` looks for.
 */
export function findSequenceSeed(
  symbol: string,
  wanted: (outcomes: Outcome[]) => boolean,
  limit = 200_000,
): number {
  const game = getGame(symbol);
  if (!game) throw new Error(`no game ${symbol}`);
  const model = modelOf(game);
  for (let seed = 1; seed < limit; seed++) {
    const rng = createSeededRng(seed, 0);
    let state = initialState(model);
    const outcomes: Outcome[] = [];
    do {
      const { outcome, nextState } = spin(model, state, { coin: 5n, betLevel: 1, mode: 'base' }, rng);
      outcomes.push(outcome);
      state = nextState;
    } while (state.freeSpinsLeft > 0 && outcomes.length < 200);
    if (outcomes.length > 1 && wanted(outcomes)) return seed;
  }
  throw new Error(`no sequence seed found for ${symbol}`);
}
