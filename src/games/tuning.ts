// How each game's RTP variants are tuned: a model builder over integer lever weights, and the
// order in which the tuner solves the levers (feature levers before the modes that include them).
import type { BetMode, GameModel } from '../engine/model.ts';
import { tuning as copperSevens } from './copper-sevens/model.ts';
import { tuning as duneLantern } from './dune-lantern/model.ts';
import { tuning as emberCrown } from './ember-crown/model.ts';
import { tuning as harborHaul } from './harbor-haul/model.ts';
import { tuning as jadePaths } from './jade-paths/model.ts';
import { tuning as orbitOrchard } from './orbit-orchard/model.ts';

export type Levers = Record<string, number[]>;

export interface GameTuning {
  build(variant: string, levers: Levers): GameModel;
  /** Each step mixes the two sides of `lever` so that `mode` returns the variant's target. */
  steps: Array<{ lever: string; mode: BetMode }>;
  /** Weights of levers no step solves, and the starting point of the others. */
  defaults: Levers;
}

const tunings: Record<string, GameTuning> = {
  'ember-crown': emberCrown,
  'dune-lantern': duneLantern,
  'orbit-orchard': orbitOrchard,
  'harbor-haul': harborHaul,
  'jade-paths': jadePaths,
  'copper-sevens': copperSevens,
};

export function tuningOf(slug: string): GameTuning {
  const tuning = tunings[slug];
  if (!tuning) throw new Error(`no tuning for ${slug}`);
  return tuning;
}

export function tunedSlugs(): string[] {
  return Object.keys(tunings);
}
