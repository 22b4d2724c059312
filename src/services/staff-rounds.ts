// Rounds for staff: filtered by operator, player and status, newest first, each with its wallet
// transactions and every attempt.
import { errors, type Outcome } from '../domain/errors.ts';
import type { TransactionView } from '../domain/transactions.ts';
import type { RoundRow, RoundsRepo } from '../store/rounds.repo.ts';
import type { RoundStatus } from '../store/schema.ts';
import type { WalletRepo } from '../store/wallet.repo.ts';
import type { WalletQueueService } from './wallet-queue.ts';

export interface StaffRoundFilter {
  operatorId?: string;
  playerId?: string;
  status?: RoundStatus;
  /** One round by its id (the other filters still apply). */
  roundId?: string;
  /** The round a wallet transaction (debit, credit or rollback) belongs to. */
  transactionId?: string;
  /** A round id: the page starts after it. */
  before?: string;
  limit: number;
}

export interface StaffRoundService {
  list(
    filter: StaffRoundFilter,
  ): Promise<Outcome<Array<{ round: RoundRow; transactions: TransactionView[] }>>>;
}

export function createStaffRoundService(deps: {
  rounds: RoundsRepo;
  wallet: WalletRepo;
  queue: Pick<WalletQueueService, 'views'>;
}): StaffRoundService {
  return {
    async list(filter) {
      let beforeSeq: bigint | undefined;
      // A round named by its id or a transaction's is found whatever page `before` names.
      const byId = filter.roundId !== undefined || filter.transactionId !== undefined;
      if (filter.before !== undefined && !byId) {
        const before = await deps.rounds.find(filter.before);
        if (!before)
          return { ok: false, error: errors.invalidRequest(`before names no round (${filter.before})`) };
        beforeSeq = before.seq;
      }
      const rows = await deps.rounds.list({ ...filter, beforeSeq });
      const txs = await deps.queue.views(await deps.wallet.ofRounds(rows.map((row) => row.id)));
      return {
        ok: true,
        value: rows.map((round) => ({ round, transactions: txs.filter((tx) => tx.round_id === round.id) })),
      };
    },
  };
}
