// Units of simulation work that can cross a worker boundary: which model, which work, how many
// rounds, and which stream of which seed. Chunk k always uses stream k, so results depend on the
// seed and the total only, never on the number of workers.

import type { BetMode, GameModel } from '../engine/model.ts';
import { createSeededRng } from '../engine/rng.ts';
import { getGame } from '../games/index.ts';
import { type EstimateTally, estimateRounds, playSequences, type SequenceSample } from './estimate.ts';
import { simulateRounds, type Tally } from './tally.ts';
import { tuningOf } from './tunings.ts';

interface ModelRef {
  slug: string;
  variant: string;
  /** Lever weights to build the model with instead of the registered variant (tuning only). */
  levers: Record<string, number[]> | null;
}

/** Whole rounds of a mode, tallied. */
export interface SimJob extends ModelRef {
  kind?: 'rounds';
  mode: BetMode;
  rounds: number;
  seed: string;
  stream: number;
}

/** Free-spins sequences from a fresh feature of `spins` spins, each sequence's capped win. */
export interface SequenceJob extends ModelRef {
  kind: 'sequences';
  spins: number;
  rounds: number;
  seed: string;
  stream: number;
}

/** The estimator's conditional expectations over sampled stops (estimate.ts). */
export interface EstimateJob extends ModelRef {
  kind: 'estimate';
  mode: Exclude<BetMode, 'buy'>;
  rounds: number;
  seed: string;
  stream: number;
  /** The sorted sequence sample and its prefix sums, shared with every worker. */
  sorted: Float64Array;
  prefix: Float64Array;
  cap: number;
}

export type Job = SimJob | SequenceJob | EstimateJob;
export type JobResult = Tally | Float64Array | EstimateTally;

export function modelForJob(job: ModelRef): GameModel {
  if (job.levers) return tuningOf(job.slug).build(job.variant, job.levers);
  const model = getGame(job.slug)?.variants[job.variant];
  if (!model) throw new Error(`no model ${job.slug}/${job.variant}`);
  return model;
}

export function runJob(job: Job): JobResult {
  const model = modelForJob(job);
  const rng = createSeededRng(BigInt(job.seed), job.stream);
  switch (job.kind) {
    case 'sequences':
      return playSequences(model, job.spins, job.rounds, rng);
    case 'estimate': {
      const sample: SequenceSample = { sorted: job.sorted, prefix: job.prefix, cap: job.cap };
      return estimateRounds(model, job.mode, job.rounds, rng, sample);
    }
    default:
      return simulateRounds(model, job.mode, job.rounds, BigInt(job.seed), job.stream);
  }
}
