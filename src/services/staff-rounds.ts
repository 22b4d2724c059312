// Rounds for staff: filtered by operator, player and status, newest first, each with its wallet
// transactions and every attempt.
import { errors, type Outcome } from '../domain/errors.ts';
import type { TransactionView } from '../domain/transactions.ts';
import { RECENT, type ReadRouter, readRouter, replicaAnswerStands } from '../store/replica.ts';
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
  /** Only rounds begun before this time (the clusters other than the `before` round's: fan-out.ts). */
  beforeTime?: Date;
  limit: number;
}

export interface StaffRoundService {
  list(
    filter: StaffRoundFilter,
  ): Promise<Outcome<Array<{ round: RoundRow; transactions: TransactionView[] }>>>;
}

type StaffRoundReads = { rounds: RoundsRepo; wallet: WalletRepo };

export function createStaffRoundService(deps: {
  rounds: RoundsRepo;
  wallet: WalletRepo;
  queue: Pick<WalletQueueService, 'views'>;
  /** Where the search reads (a replica when configured: src/store/replica.ts); default the repositories above. */
  reads?: ReadRouter<StaffRoundReads>;
}): StaffRoundService {
  const reads = deps.reads ?? readRouter<StaffRoundReads>(deps);
  return {
    async list(filter) {
      // A round named by its id or a transaction's is found whatever page `before` names.
      const byId = filter.roundId !== undefined || filter.transactionId !== undefined;
      const pageAfter = filter.before !== undefined && !byId ? filter.before : undefined;
      // Staff see the replica's copy (within its lag bound); a round named by id, or a `before` round,
      // not found there yet, and any round that can still change, are read on the primary.
      const found = await reads.read(
        RECENT,
        async (repos) => {
          const before = pageAfter === undefined ? undefined : await repos.rounds.find(pageAfter);
          if (pageAfter !== undefined && !before) return { missingBefore: true, rows: [], txs: [] };
          const rows = await repos.rounds.list({ ...filter, beforeSeq: before?.seq });
          return { missingBefore: false, rows, txs: await repos.wallet.ofRounds(rows.map((row) => row.id)) };
        },
        (answer) =>
          !answer.missingBefore &&
          replicaAnswerStands({ rounds: answer.rows, transactions: answer.txs }, byId),
      );
      if (found.missingBefore)
        return { ok: false, error: errors.invalidRequest(`before names no round (${filter.before})`) };
      const rows = found.rows;
      const txs = await deps.queue.views(found.txs);
      return {
        ok: true,
        value: rows.map((round) => ({ round, transactions: txs.filter((tx) => tx.round_id === round.id) })),
      };
    },
  };
}
