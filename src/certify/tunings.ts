// How each game's RTP variants are tuned: a model builder over integer lever weights, and the
// order in which the tuner solves the levers (feature levers before the modes that include them).

import { tuning as copperSevens } from '../games/copper-sevens/model.ts';
import { tuning as duneLantern } from '../games/dune-lantern/model.ts';
import { tuning as emberCrown } from '../games/ember-crown/model.ts';
import { tuning as harborHaul } from '../games/harbor-haul/model.ts';
import { tuning as jadePaths } from '../games/jade-paths/model.ts';
import { tuning as orbitOrchard } from '../games/orbit-orchard/model.ts';
import type { GameTuning } from '../games/types.ts';

export type { GameTuning, Levers } from '../games/types.ts';

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
