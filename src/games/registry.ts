// The game registry: every game of the portfolio, found by symbol or slug, with its catalog
// entry (`GameInfo`) and one math model per RTP variant.
import type { GameModel } from '../engine/model.ts';
import { info as copperSevens } from './copper-sevens/info.ts';
import { variants as copperSevensModels } from './copper-sevens/model.ts';
import { info as duneLantern } from './dune-lantern/info.ts';
import { variants as duneLanternModels } from './dune-lantern/model.ts';
import { info as emberCrown } from './ember-crown/info.ts';
import { variants as emberCrownModels } from './ember-crown/model.ts';
import { info as harborHaul } from './harbor-haul/info.ts';
import { variants as harborHaulModels } from './harbor-haul/model.ts';
import { info as jadePaths } from './jade-paths/info.ts';
import { variants as jadePathsModels } from './jade-paths/model.ts';
import { info as orbitOrchard } from './orbit-orchard/info.ts';
import { variants as orbitOrchardModels } from './orbit-orchard/model.ts';
import type { GameInfo } from './types.ts';

export const gameInfos: readonly GameInfo[] = Object.freeze([
  emberCrown,
  duneLantern,
  orbitOrchard,
  harborHaul,
  jadePaths,
  copperSevens,
]);

/** A playable game: its catalog entry and a math model per RTP variant id. */
export type Game = GameInfo & {
  variants: Readonly<Record<string, GameModel>>;
};

const modelsBySlug: Record<string, Record<string, GameModel>> = {
  'ember-crown': emberCrownModels,
  'dune-lantern': duneLanternModels,
  'orbit-orchard': orbitOrchardModels,
  'harbor-haul': harborHaulModels,
  'jade-paths': jadePathsModels,
  'copper-sevens': copperSevensModels,
};

const byKey = new Map<string, GameInfo>();
const gamesByKey = new Map<string, Game>();
for (const info of gameInfos) {
  byKey.set(info.symbol, info);
  byKey.set(info.slug, info);
  const variants = modelsBySlug[info.slug];
  if (!variants) continue;
  for (const v of info.rtpVariants) {
    if (!variants[v.id]) throw new Error(`${info.slug}: no model for RTP variant ${v.id}`);
  }
  const game: Game = Object.freeze({ ...info, variants: Object.freeze(variants) });
  gamesByKey.set(info.symbol, game);
  gamesByKey.set(info.slug, game);
}

/** Finds a game's catalog entry by its symbol or its slug. */
export function findGameInfo(symbolOrSlug: string): GameInfo | undefined {
  return byKey.get(symbolOrSlug);
}

/** Finds a playable game (catalog entry and models) by its symbol or its slug. */
export function getGame(symbolOrSlug: string): Game | undefined {
  return gamesByKey.get(symbolOrSlug);
}

/** Every playable game, in catalog order. */
export function allGames(): Game[] {
  return gameInfos.map((info) => gamesByKey.get(info.slug)).filter((g): g is Game => g !== undefined);
}

/** The model of `variant`, or of the game's default variant when `variant` is absent or unknown. */
export function modelOf(game: Game, variant?: string | null): GameModel {
  const model = (variant ? game.variants[variant] : undefined) ?? game.variants[game.defaultVariant];
  if (!model) throw new Error(`${game.slug}: default variant ${game.defaultVariant} has no model`);
  return model;
}
