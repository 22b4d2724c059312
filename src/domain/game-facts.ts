// Facts about a game that the provider API needs, behind two small functions, so that it does
// not depend on how the engine models a game.
import { betLadder, certifiedRtp, getGame } from '../engine/index.ts';
import type { GameInfo } from '../games/types.ts';

const certified = new Map<string, string | null>();

/**
 * The RTP shown in the catalog for a variant: the certified figure, or null while uncertified.
 * Models do not change while the process runs, so each figure (which hashes its model) is looked up once.
 */
export function rtpOf(game: GameInfo, variant: string): string | null {
  const key = `${game.symbol}\n${variant}`;
  if (!certified.has(key)) certified.set(key, certifiedRtp(game.symbol, variant));
  return certified.get(key) ?? null;
}

const coins = new Map<string, bigint[]>();

/** The game's coin values in a currency, exact minor units. */
export function coinValuesFor(game: GameInfo, currency: string): bigint[] {
  const key = `${game.symbol}\n${currency}`;
  let values = coins.get(key);
  if (!values) {
    const playable = getGame(game.symbol);
    values = playable ? betLadder(playable, currency).coinValues : [];
    coins.set(key, values);
  }
  return values;
}
