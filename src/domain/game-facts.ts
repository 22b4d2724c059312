// Facts about a game that other layers need, behind two small functions, so that the
// provider API does not depend on how the engine models a game.
import type { GameInfo } from '../games/types.ts';

/** The RTP shown in the catalog for a variant: the certified figure. */
export function rtpOf(game: GameInfo, variant: string): string | null {
  return game.rtpVariants.find((v) => v.id === variant)?.target ?? null;
}

/** The game's coin values in a currency, exact minor units. */
export function coinValuesFor(_game: GameInfo, _currency: string): bigint[] {
  return [];
}
