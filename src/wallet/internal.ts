// Internal wallet: balances held by Reelforge per operator, player and currency. A round, its
// debit and credit, their ledger entries and the session's feature state commit together in one
// statement (ledgerRepo.playInternalRound), idempotent by the round's click id; the statement also
// re-checks the session's token and expiry, so the caller may work from a cached session row.
import { newId } from '../domain/ids.ts';
import { settledRecord } from '../domain/rounds.ts';
import { minorUnits } from '../money.ts';
import type { InternalPlay, LedgerRepo } from '../store/ledger.repo.ts';
import type { NewRound } from '../store/rounds.repo.ts';
import type { WalletRepo } from '../store/wallet.repo.ts';
import type { SettleResult, Wallet } from './wallet.ts';

/** What a new player's internal balance starts at, in whole currency units (demo and fun play). */
export const INTERNAL_START_BALANCE_UNITS = 1000n;

export function internalStartBalance(currency: string): bigint {
  return INTERNAL_START_BALANCE_UNITS * 10n ** BigInt(minorUnits(currency));
}

/**
 * How a round written by one of our own ledger statements ended, as the wallet interface says it
 * (the internal wallet and the demo wallet write their rounds the same way).
 */
export function settleResultOf(
  played: InternalPlay,
  round: NewRound,
  start: bigint,
  insufficientMessage: string | undefined,
): SettleResult {
  switch (played.result) {
    case 'played':
      return {
        kind: 'settled',
        round: settledRecord(round),
        balance: played.balance ?? start,
        ...(played.jackpotWins.length > 0 ? { jackpotWins: played.jackpotWins } : {}),
      };
    case 'duplicate':
      return { kind: 'duplicate' };
    case 'insufficient_funds':
      return { kind: 'insufficient_funds', message: insufficientMessage };
    case 'refused':
      return { kind: 'refused', reason: played.reason };
    // The token or expiry no longer held in the store: look the session up again.
    case 'stale':
    case 'revalidate':
      return { kind: 'stale' };
  }
}

export function createInternalWallet(deps: { ledger: LedgerRepo; wallet: WalletRepo }): Wallet {
  async function balanceOf(operatorId: string, playerId: string, currency: string): Promise<bigint> {
    return (
      (await deps.wallet.internalBalance(operatorId, playerId, currency)) ?? internalStartBalance(currency)
    );
  }

  return {
    mode: 'internal',

    async settle(round, _player, session) {
      const start = internalStartBalance(round.currency);
      const ids = { debit: newId('tx'), credit: newId('tx') };
      const played = await deps.ledger.playInternalRound(round, session, ids, start);
      return settleResultOf(played, round, start, undefined);
    },

    balance: (player) => balanceOf(player.operator.id, player.playerId, player.currency),

    balanceAfter: (round) => balanceOf(round.operator_id, round.player_id, round.currency),
  };
}
