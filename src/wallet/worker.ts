// The durable retry worker: credits and rollbacks until acknowledged, and for debits whose request
// died with its process a rollback, or after a database restart the same debit again (RECOVERY in
// round-machine.ts). All state lives in the tables, work is claimed with
// FOR UPDATE SKIP LOCKED under a lease, so any number of nodes can run it side by side.
import type { WalletRepo } from '../store/wallet.repo.ts';
import type { RetryPolicy } from './retry-policy.ts';
import { callOf, RECOVERY } from './round-machine.ts';
import type { Settlement } from './settlement.ts';

export interface WorkerLog {
  error(object: unknown, message: string): void;
  info(object: unknown, message: string): void;
}

const BATCH = 32;

export function createRetryWorker(deps: {
  wallet: WalletRepo;
  settlement: Settlement;
  policy: RetryPolicy;
  timeoutMs: number;
}) {
  const repo = deps.wallet;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;
  let log: WorkerLog = { error() {}, info() {} };

  /**
   * One pass, as round-machine.ts's RECOVERY says: each stale debit is abandoned (its rollback
   * written) or re-driven, then every due credit and rollback is sent again, one attempt each.
   */
  async function runOnce(): Promise<number> {
    const stale = await repo.staleDebits(BATCH);
    for (const debit of stale) {
      const recovery = RECOVERY.debit[debit.storeRestarted ? 'storeRestarted' : 'leaseExpired'];
      if (recovery === 'abandon') await deps.settlement.abandonStaleDebit(debit.id);
      else if (recovery === 'resend') await deps.settlement.redriveDebit(debit.id);
    }
    const claimed = await repo.claimDue(BATCH, deps.timeoutMs + deps.policy.leaseGraceMs);
    await Promise.all(
      claimed
        .filter((tx) => RECOVERY[callOf(tx)].leaseExpired === 'resend')
        .map((tx) => deps.settlement.deliver(tx)),
    );
    return stale.length + claimed.length;
  }

  function pass(): Promise<number> {
    running ??= runOnce().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(async () => {
      let worked = 0;
      try {
        worked = await pass();
      } catch (error) {
        log.error({ err: error }, 'wallet retry pass failed');
      }
      schedule(worked > 0 ? 0 : deps.policy.pollIntervalMs);
    }, delayMs);
    timer.unref();
  }

  return {
    /** Start-up recovery: passes until nothing is due, so rounds a crash left in flight are finished. */
    async recover(logTo: WorkerLog, maxPasses = 1000): Promise<number> {
      log = logTo;
      let total = 0;
      for (let i = 0; i < maxPasses; i++) {
        const worked = await pass();
        total += worked;
        if (worked === 0) break;
      }
      if (total > 0) log.info({ transactions: total }, 'wallet recovery finished in-flight work');
      return total;
    },
    start(logTo: WorkerLog) {
      log = logTo;
      stopped = false;
      schedule(0);
    },
    /** Looks for work now (after staff requeue a transaction). */
    kick() {
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}

export type RetryWorker = ReturnType<typeof createRetryWorker>;
