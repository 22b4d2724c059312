// A unit of simulation work that can cross a worker boundary: which model, which mode, how many
// rounds, and which stream of which seed. Chunk k always uses stream k, so results depend on the
// seed and the total only, never on the number of workers.

import type { BetMode, GameModel } from '../engine/model.ts';
import { getGame } from '../games/index.ts';
import { simulateRounds, type Tally } from './tally.ts';
import { tuningOf } from './tunings.ts';

export interface SimJob {
  slug: string;
  variant: string;
  /** Lever weights to build the model with instead of the registered variant (tuning only). */
  levers: Record<string, number[]> | null;
  mode: BetMode;
  rounds: number;
  seed: string;
  stream: number;
}

export function modelForJob(job: Pick<SimJob, 'slug' | 'variant' | 'levers'>): GameModel {
  if (job.levers) return tuningOf(job.slug).build(job.variant, job.levers);
  const model = getGame(job.slug)?.variants[job.variant];
  if (!model) throw new Error(`no model ${job.slug}/${job.variant}`);
  return model;
}

export function runJob(job: SimJob): Tally {
  return simulateRounds(modelForJob(job), job.mode, job.rounds, BigInt(job.seed), job.stream);
}
