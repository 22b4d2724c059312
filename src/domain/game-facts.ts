// Facts about a game that the provider API needs, behind two small functions, so that it does
// not depend on how the engine models a game.
import { betLadder, certifiedRtp, getGame } from '../games/index.ts';
import type { GameInfo } from '../games/types.ts';

/** The RTP shown in the catalog for a variant: the certified figure, or null while uncertified. */
export function rtpOf(game: GameInfo, variant: string): string | null {
  return certifiedRtp(game.symbol, variant);
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
