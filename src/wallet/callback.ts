// Callback wallet: the operator holds the balances and Reelforge calls its signed endpoints. A
// round is opened with its debit row, the debit gets one attempt in the spin request, and the
// credit (or the rollback) is delivered at once and, failing that, by the retry worker
// (settlement.ts has the steps and their state diagram).
import { errors, PLAYER_TEXT } from '../domain/errors.ts';
import { newId } from '../domain/ids.ts';
import { settledRecord } from '../domain/rounds.ts';
import type { RoundsRepo } from '../store/rounds.repo.ts';
import type { WalletRepo } from '../store/wallet.repo.ts';
import { callbackBody, type ObserveStep, type Settlement, timedStep } from './settlement.ts';
import type { PlayerWallet, SettleResult, Wallet } from './wallet.ts';

/** A balance query's answer: the balance, or why there is none (the callback's error text). */
export type BalanceAnswer =
  | { ok: true; balance: bigint }
  | { ok: false; kind: 'rejected' | 'failed'; error: string };

export interface CallbackWallet extends Wallet {
  /** The operator's balance callback, as an answer rather than an exception. */
  queryBalance(player: PlayerWallet): Promise<BalanceAnswer>;
  /** Waits for the rollbacks this node is still sending in the background. */
  drain(): Promise<void>;
}

export function createCallbackWallet(deps: {
  settlement: Settlement;
  rounds: RoundsRepo;
  wallet: WalletRepo;
  observeStep?: ObserveStep;
}): CallbackWallet {
  const { settlement } = deps;
  /**
   * Rollbacks of unanswered debits, sent after the player has been answered: the player waits for
   * one debit timeout, not two. Each is a durable row; should this node die, the worker sends it.
   */
  const inBackground = new Set<Promise<unknown>>();
  function sendInBackground(rollback: Parameters<Settlement['deliver']>[0]): void {
    const sending = settlement
      .deliver(rollback)
      .catch(() => {}) // not acknowledged here: the row stays due, and the retry worker sends it
      .finally(() => inBackground.delete(sending));
    inBackground.add(sending);
  }

  async function queryBalance(player: PlayerWallet): Promise<BalanceAnswer> {
    const { operator } = player;
    const id = newId('tx');
    const body = callbackBody(
      {
        operator_id: operator.id,
        player_id: player.playerId,
        game_symbol: player.gameSymbol,
        currency: player.currency,
      },
      'balance',
      { id, actionType: 'balance', amount: 0n, sessionToken: player.sessionToken },
    );
    const { answer } = await settlement.sendCall(operator.id, 'balance', body, {
      currency: player.currency,
      transaction_id: id,
    });
    if (answer.kind === 'acknowledged') return { ok: true, balance: answer.balance };
    return { ok: false, kind: answer.kind, error: answer.error };
  }

  return {
    mode: 'callback',
    queryBalance,
    async drain() {
      await Promise.all([...inBackground]);
    },

    async settle(round, player, session): Promise<SettleResult> {
      const opened = await settlement.openRound(round, session, player.sessionToken);
      if (opened.kind === 'existing') return { kind: 'duplicate' };
      if (opened.kind === 'refused') return { kind: 'refused', reason: opened.reason };
      if (opened.kind !== 'opened') return { kind: opened.kind };
      let credit = opened.first;
      let balance: bigint | null = null;
      let jackpotCredits: Parameters<Settlement['deliver']>[0][] = [];
      if (credit.type === 'debit') {
        const debited = await settlement.debit(credit, round, opened.jackpotWins);
        if (debited.kind === 'rejected') {
          return debited.error === 'insufficient_funds'
            ? { kind: 'insufficient_funds', message: debited.message }
            : { kind: 'rejected', error: debited.error };
        }
        if (debited.kind === 'rolled_back') {
          if (debited.rollback) sendInBackground(debited.rollback);
          return { kind: 'unavailable', error: debited.error };
        }
        credit = debited.credit;
        jackpotCredits = debited.jackpotCredits;
        balance = debited.balance;
      }
      const delivered = await settlement.deliver(credit);
      let balanceAfter = delivered.balance ?? balance;
      // A jackpot win's credit follows the round's, once the wallet has acknowledged that one; else
      // (or unacknowledged itself) the worker sends it after the round is settled.
      if (delivered.acknowledged) {
        for (const jackpotCredit of jackpotCredits) {
          const paid = await settlement.deliver(jackpotCredit);
          if (paid.balance !== undefined) balanceAfter = paid.balance;
        }
      }
      const jackpot = jackpotCredits.length > 0 ? { jackpotWins: opened.jackpotWins } : {};
      // A settled round is the one written, closed when the credit's record says (rf_callback_steps.sql);
      // a round still waiting for its credit is read back as it stands.
      if (delivered.settledAt !== null) {
        return {
          kind: 'settled',
          round: { ...settledRecord(round), finished_at: delivered.settledAt },
          balance: balanceAfter,
          ...jackpot,
        };
      }
      const row = await timedStep(deps.observeStep, 'read', () => deps.rounds.find(round.id));
      if (!row) throw new Error(`round ${round.id} vanished`);
      return { kind: 'settled', round: row, balance: balanceAfter, ...jackpot };
    },

    async balance(player) {
      const answer = await queryBalance(player);
      if (answer.ok) return answer.balance;
      // What went wrong is in the attempt's log line and metrics, never in the player's answer.
      throw answer.kind === 'rejected'
        ? errors.walletRejected(PLAYER_TEXT.balanceRefused)
        : errors.walletUnavailable(PLAYER_TEXT.balanceUnanswered);
    },

    async balanceAfter(round, player) {
      const known = await deps.wallet.lastAcknowledgedBalance(round.id);
      if (known !== null) return known;
      const answer = await queryBalance(player);
      return answer.ok ? answer.balance : null;
    },
  };
}
