// The game registry: every game of the portfolio, found by symbol or slug, with its catalog
// entry (`GameInfo`) and one math model per RTP variant. Loading a model checks it against its
// certificate (model data and code): a game with an uncertified variant is not live.
import type { GameModel } from '../engine/model.ts';
import {
  type CertificationReason,
  certificationOf,
  type ModeWithheld,
  modeWithheld,
} from './certificates.ts';
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

const declared: readonly GameInfo[] = [
  emberCrown,
  duneLantern,
  orbitOrchard,
  harborHaul,
  jadePaths,
  copperSevens,
];

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

/** A variant's standing against its certificate, for start-up logs and staff views. */
export interface VariantCertification {
  symbol: string;
  slug: string;
  variant: string;
  certified: boolean;
  /** The certificate hash a round of this variant records; null when not certified. */
  certificateHash: string | null;
  reason: CertificationReason | null;
  detail: string | null;
  /** Paid modes (ante, buy) of a certified variant that are not offered, and why. */
  withheldModes: ModeWithheld[];
}

const certifications: VariantCertification[] = [];
const byKey = new Map<string, GameInfo>();
const gamesByKey = new Map<string, Game>();
const infos: GameInfo[] = [];
for (const declaredInfo of declared) {
  const variants = modelsBySlug[declaredInfo.slug] ?? {};
  let certified = true;
  const withheld = new Set<ModeWithheld['mode']>();
  for (const v of declaredInfo.rtpVariants) {
    const model = variants[v.id];
    if (!model) throw new Error(`${declaredInfo.slug}: no model for RTP variant ${v.id}`);
    const c = certificationOf(model);
    certified &&= c.ok;
    const withheldModes = (['special', 'buy'] as const).flatMap((mode) => modeWithheld(model, mode, c) ?? []);
    for (const w of withheldModes) withheld.add(w.mode);
    certifications.push({
      symbol: declaredInfo.symbol,
      slug: declaredInfo.slug,
      variant: v.id,
      certified: c.ok,
      certificateHash: c.ok ? c.certificateHash : null,
      reason: c.ok ? null : c.reason,
      detail: c.ok ? null : c.detail,
      withheldModes,
    });
  }
  // Uncertified math is never offered: the game leaves the live catalog until it is re-certified.
  // A paid mode whose figure misses its precision in any variant is withdrawn from the whole game
  // (the catalog's flags say what a game offers, whatever variant an operator plays).
  const features = {
    ...declaredInfo.features,
    buy_feature: declaredInfo.features.buy_feature && !withheld.has('buy'),
    special_bet: declaredInfo.features.special_bet && !withheld.has('special'),
  };
  const info: GameInfo = Object.freeze({
    ...declaredInfo,
    features: Object.freeze(features),
    live: declaredInfo.live && certified,
  });
  infos.push(info);
  byKey.set(info.symbol, info);
  byKey.set(info.slug, info);
  const game: Game = Object.freeze({ ...info, variants: Object.freeze(variants) });
  gamesByKey.set(info.symbol, game);
  gamesByKey.set(info.slug, game);
}

export const gameInfos: readonly GameInfo[] = Object.freeze(infos);

/** Every variant's certification as checked when the models were loaded. */
export function gameCertifications(): readonly VariantCertification[] {
  return certifications;
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
