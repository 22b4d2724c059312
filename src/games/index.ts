// The game registry: every game of the portfolio, found by symbol or slug.
import { info as copperSevens } from './copper-sevens/info.ts';
import { info as duneLantern } from './dune-lantern/info.ts';
import { info as emberCrown } from './ember-crown/info.ts';
import { info as harborHaul } from './harbor-haul/info.ts';
import { info as jadePaths } from './jade-paths/info.ts';
import { info as orbitOrchard } from './orbit-orchard/info.ts';
import type { GameInfo } from './types.ts';

export const gameInfos: readonly GameInfo[] = Object.freeze([
  emberCrown,
  duneLantern,
  orbitOrchard,
  harborHaul,
  jadePaths,
  copperSevens,
]);

const byKey = new Map<string, GameInfo>();
for (const game of gameInfos) {
  byKey.set(game.symbol, game);
  byKey.set(game.slug, game);
}

/** Finds a game by its symbol or its slug. */
export function findGameInfo(symbolOrSlug: string): GameInfo | undefined {
  return byKey.get(symbolOrSlug);
}
