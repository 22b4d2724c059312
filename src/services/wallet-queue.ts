// What staff see and do about wallet transactions: the queue with every attempt, a retry, and a
// resolution by hand after they settled a parked transaction with the operator.
import { errors, type Outcome } from '../domain/errors.ts';
import { type TransactionView, transactionView } from '../domain/transactions.ts';
import type { WalletTxStatus } from '../store/schema.ts';
import type { WalletRepo, WalletTxRow } from '../store/wallet.repo.ts';
import type { RetryPolicy } from '../wallet/retry-policy.ts';
import type { RetryWorker } from '../wallet/worker.ts';

export interface WalletQueueService {
  /** Transactions waiting for a retry (pending) or parked for staff (failed), oldest first. */
  list(status: Extract<WalletTxStatus, 'pending' | 'failed'>, limit: number): Promise<TransactionView[]>;
  /** How many transactions wait for a retry (pending) and for staff (parked). */
  counts(): Promise<{ pending: number; parked: number }>;
  /** The views of these transactions, each with its attempts. */
  views(txs: WalletTxRow[]): Promise<TransactionView[]>;
  /** One transaction with its attempts, or 404. */
  get(id: string): Promise<Outcome<TransactionView>>;
  /** Puts a parked (or waiting) credit or rollback back in the queue, due now, with a fresh 24 h. */
  retry(id: string): Promise<Outcome<TransactionView>>;
  /**
   * Staff settled the transaction with the operator by hand: it is closed with their note, and its
   * round ends (a credit: settled; a rollback: cancelled), which unblocks the player.
   */
  resolve(id: string, note: string): Promise<Outcome<TransactionView>>;
}

export function createWalletQueueService(deps: {
  wallet: WalletRepo;
  policy: RetryPolicy;
  worker: Pick<RetryWorker, 'kick'>;
}): WalletQueueService {
  const repo = deps.wallet;

  async function views(txs: WalletTxRow[]): Promise<TransactionView[]> {
    const attempts = await repo.attemptsOf(txs.map((tx) => tx.id));
    return txs.map((tx) => transactionView(tx, attempts));
  }

  async function view(id: string): Promise<Outcome<TransactionView>> {
    const tx = await repo.find(id);
    if (!tx) return { ok: false, error: errors.notFound(`transaction ${id} not found`) };
    return { ok: true, value: transactionView(tx, await repo.attemptsOf([id])) };
  }

  /** Why `id` could not be moved: not found, or in a state that does not allow `action`. */
  async function refused(id: string, action: string): Promise<Outcome<TransactionView>> {
    const found = await repo.find(id);
    if (!found) return { ok: false, error: errors.notFound(`transaction ${id} not found`) };
    return {
      ok: false,
      error: errors.conflict(
        `transaction ${id} is ${found.status}; only a parked or pending credit or rollback can be ${action}`,
      ),
    };
  }

  return {
    list: async (status, limit) => views(await repo.withStatus(status, limit)),
    counts: () => repo.openCounts(),
    views,
    get: view,
    async retry(id) {
      if (!(await repo.requeue(id, deps.policy.giveUpAfterMs))) return refused(id, 'retried');
      deps.worker.kick();
      return view(id);
    },
    async resolve(id, note) {
      if (!(await repo.resolveByHand(id, note))) return refused(id, 'resolved');
      return view(id);
    },
  };
}
