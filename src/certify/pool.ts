// Spreads a simulation over worker threads in fixed-size chunks (chunk k = stream k).
import { Worker } from 'node:worker_threads';
import type { BetMode } from '../engine/model.ts';
import { runJob, type SimJob } from './job.ts';
import { emptyTally, mergeTallies, type Tally } from './tally.ts';

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

export async function simulateParallel(request: SimRequest): Promise<Tally> {
  const chunk = request.chunk ?? 250_000;
  const jobs: SimJob[] = [];
  for (let done = 0, stream = request.firstStream ?? 0; done < request.rounds; done += chunk, stream++) {
    jobs.push({
      slug: request.slug,
      variant: request.variant,
      levers: request.levers ?? null,
      mode: request.mode,
      rounds: Math.min(chunk, request.rounds - done),
      seed: String(request.seed),
      stream,
    });
  }
  const results: Array<Tally | undefined> = new Array(jobs.length);
  let total: Tally | null = null;
  let done = 0;
  let reported = 0;
  const finish = (index: number, tally: Tally) => {
    results[index] = tally;
    done += tally.rounds;
    total = total ? mergeTallies(total, tally) : mergeTallies(emptyTally(tally.costCoins), tally);
    // Chunks are handed to onChunk in stream order, as soon as all earlier ones are in.
    while (reported < results.length && results[reported]) {
      request.onChunk?.(reported, results[reported] as Tally);
      reported++;
    }
    request.onProgress?.(done, total);
  };
  if (request.workers <= 1) {
    jobs.forEach((job, i) => {
      finish(i, runJob(job));
    });
  } else {
    await new Promise<void>((resolve, reject) => {
      let next = 0;
      let running = 0;
      const workers: Worker[] = [];
      const stopAll = () => {
        for (const w of workers) void w.terminate();
      };
      const feed = (worker: Worker) => {
        if (next >= jobs.length) return;
        const id = next++;
        running++;
        worker.postMessage({ ...jobs[id], id });
      };
      for (let k = 0; k < Math.min(request.workers, jobs.length); k++) {
        const worker = new Worker(new URL('./worker.ts', import.meta.url));
        workers.push(worker);
        worker.on('message', (msg: { id: number; tally?: Tally; error?: string }) => {
          running--;
          if (msg.error || !msg.tally) {
            stopAll();
            reject(new Error(msg.error ?? 'worker sent no tally'));
            return;
          }
          finish(msg.id, msg.tally);
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
  if (!total) throw new Error('no rounds simulated');
  return total;
}
