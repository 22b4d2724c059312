// Worker thread body: runs simulation jobs posted by the pool and sends their tallies back.
import { parentPort } from 'node:worker_threads';
import { runJob, type SimJob } from './job.ts';

parentPort?.on('message', (job: SimJob & { id: number }) => {
  try {
    parentPort?.postMessage({ id: job.id, tally: runJob(job) });
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: String(error) });
  }
});
