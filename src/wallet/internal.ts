// Internal wallet: balances held by Reelforge per operator, player and currency. A round, its
// debit and credit, their ledger entries and the session's feature state commit together in one
// statement (rf_play_internal_round, migrations/004), idempotent by the round's click id; the
// statement also re-checks the session's token and expiry, so the caller may work from a cached row.
import { type Kysely, sql } from 'kysely';
import { minorUnits } from '../money.ts';
import type { Database } from '../store/schema.ts';
import { walletRepo } from '../store/wallet.repo.ts';
import { type PreparedRound, roundColumns } from './rounds.ts';

/** What a new player's internal balance starts at, in whole currency units (demo and fun play). */
export const INTERNAL_START_BALANCE_UNITS = 1000n;

export function internalStartBalance(currency: string): bigint {
  return INTERNAL_START_BALANCE_UNITS * 10n ** BigInt(minorUnits(currency));
}

export type InternalPlay =
  | { result: 'played' | 'duplicate'; roundId: string; balance: bigint }
  | { result: 'insufficient_funds' }
  | { result: 'stale' }
  | { result: 'revalidate' };

export function createInternalWallet(db: Kysely<Database>) {
  const repo = walletRepo(db);
  return {
    async balance(operatorId: string, playerId: string, currency: string): Promise<bigint> {
      return (await repo.internalBalance(operatorId, playerId, currency)) ?? internalStartBalance(currency);
    },

    async play(
      round: PreparedRound,
      ids: { debit: string; credit: string },
      session: { tokenHash: Buffer; stateVersion: bigint; expiresAt: Date },
    ): Promise<InternalPlay> {
      const columns = roundColumns(round, 'internal');
      const json = JSON.stringify({
        ...columns,
        state_before: round.stateBefore,
        state_after: round.stateAfter,
        outcome: round.outcome,
      });
      try {
        const { rows } = await sql<{ result: 'played' | 'duplicate'; round_id: string; balance: bigint }>`
          select * from rf_play_internal_round(${json}::jsonb, ${session.tokenHash}, ${round.createdAt},
            ${session.stateVersion.toString()}::bigint, ${session.expiresAt}, ${ids.debit}, ${ids.credit},
            ${round.actionType},
            ${internalStartBalance(round.currency).toString()}::bigint)`.execute(db);
        const row = rows[0];
        if (!row) throw new Error('rf_play_internal_round answered no row');
        return {
          result: row.result,
          roundId: row.round_id,
          balance: row.balance ?? internalStartBalance(round.currency),
        };
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'RF402') return { result: 'insufficient_funds' };
        if (code === 'RF401') return { result: 'revalidate' };
        // RF409: the state moved under us; 23505: the same click raced us and won.
        if (code === 'RF409' || code === '23505') return { result: 'stale' };
        throw error;
      }
    },
  };
}

export type InternalWallet = ReturnType<typeof createInternalWallet>;
