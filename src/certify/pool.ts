// Spreads simulation work over worker threads in fixed-size chunks (chunk k = stream k).
import { Worker } from 'node:worker_threads';
import type { BetMode } from '../engine/model.ts';
import { type Job, type JobResult, runJob, type SimJob } from './job.ts';
import { emptyTally, mergeTallies, type Tally } from './tally.ts';

/**
 * Runs `jobs` on `workers` threads (in this thread when workers ≤ 1) and hands each result to
 * `onResult` with its job's index, in the order they finish.
 */
export async function runJobs(
  jobs: Job[],
  workers: number,
  onResult: (index: number, result: JobResult) => void,
): Promise<void> {
  if (workers <= 1 || jobs.length <= 1) {
    jobs.forEach((job, i) => {
      onResult(i, runJob(job));
    });
    return;
  }
  await new Promise<void>((resolve, reject) => {
    let next = 0;
    let running = 0;
    const threads: Worker[] = [];
    const stopAll = () => {
      for (const w of threads) void w.terminate();
    };
    const feed = (worker: Worker) => {
      if (next >= jobs.length) return;
      const id = next++;
      running++;
      worker.postMessage({ ...jobs[id], id });
    };
    for (let k = 0; k < Math.min(workers, jobs.length); k++) {
      const worker = new Worker(new URL('./worker.ts', import.meta.url));
      threads.push(worker);
      worker.on('message', (msg: { id: number; result?: JobResult; error?: string }) => {
        running--;
        if (msg.error || !msg.result) {
          stopAll();
          reject(new Error(msg.error ?? 'worker sent no result'));
          return;
        }
        onResult(msg.id, msg.result);
        feed(worker);
        if (running === 0 && next >= jobs.length) {
          stopAll();
          resolve();
        }
      });
      worker.on('error', (error) => {
        stopAll();
        reject(error);
      });
      feed(worker);
    }
  });
}

/** Splits `rounds` into chunks of `chunk`, stream by stream from `firstStream`. */
export function chunksOf(
  rounds: number,
  chunk: number,
  firstStream = 0,
): Array<{ rounds: number; stream: number }> {
  const out: Array<{ rounds: number; stream: number }> = [];
  for (let done = 0, stream = firstStream; done < rounds; done += chunk, stream++) {
    out.push({ rounds: Math.min(chunk, rounds - done), stream });
  }
  return out;
}

export interface SimRequest {
  slug: string;
  variant: string;
  levers?: Record<string, number[]> | null;
  mode: BetMode;
  rounds: number;
  seed: bigint | number;
  workers: number;
  /** Rounds per chunk (default 250 000). */
  chunk?: number;
  /** Stream of the first chunk (default 0): a continuation starts after the streams already used. */
  firstStream?: number;
  /** Called after every chunk with the rounds done and the running tally of chunks finished. */
  onProgress?: (done: number, running: Tally) => void;
  /** Called with each chunk's tally in stream order (for convergence plots). */
  onChunk?: (index: number, tally: Tally) => void;
}

/** Whole rounds of a mode on worker threads, tallied. */
export async function simulateParallel(request: SimRequest): Promise<Tally> {
  const jobs: SimJob[] = chunksOf(request.rounds, request.chunk ?? 250_000, request.firstStream).map((c) => ({
    slug: request.slug,
    variant: request.variant,
    levers: request.levers ?? null,
    mode: request.mode,
    rounds: c.rounds,
    seed: String(request.seed),
    stream: c.stream,
  }));
  const results: Array<Tally | undefined> = new Array(jobs.length);
  let total: Tally | null = null;
  let done = 0;
  let reported = 0;
  await runJobs(jobs, request.workers, (index, result) => {
    const tally = result as Tally;
    results[index] = tally;
    done += tally.rounds;
    total = total ? mergeTallies(total, tally) : mergeTallies(emptyTally(tally.costCoins), tally);
    // Chunks are handed to onChunk in stream order, as soon as all earlier ones are in.
    while (reported < results.length && results[reported]) {
      request.onChunk?.(reported, results[reported] as Tally);
      reported++;
    }
    request.onProgress?.(done, total);
  });
  if (!total) throw new Error('no rounds simulated');
  return total;
}
