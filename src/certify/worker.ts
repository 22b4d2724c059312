// Worker thread body: runs simulation jobs posted by the pool and sends their results back.
import { parentPort } from 'node:worker_threads';
import { type Job, runJob } from './job.ts';

parentPort?.on('message', (job: Job & { id: number }) => {
  try {
    const result = runJob(job);
    // A sequence sample is a typed array: its buffer moves instead of being copied.
    parentPort?.postMessage(
      { id: job.id, result },
      result instanceof Float64Array ? [result.buffer as ArrayBuffer] : [],
    );
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: String(error) });
  }
});
