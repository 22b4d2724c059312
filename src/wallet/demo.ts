// Demo wallet: fun money for demo sessions (launch-url play_mode "demo"). It never calls the
// operator's wallet and never writes the money ledger: a demo round and its fun balance commit
// together in demo_rounds and demo_balances (ledgerRepo.playDemoRound). A balance starts at
// 1,000.00 in the session's currency and can be reset from the game.
import type { DemoRepo } from '../store/demo.repo.ts';
import type { LedgerRepo } from '../store/ledger.repo.ts';
import { internalStartBalance, settleResultOf } from './internal.ts';
import type { Wallet } from './wallet.ts';

export interface DemoWallet extends Wallet {
  /** Puts a demo session's fun balance back to the start balance; answers it. */
  reset(sessionId: string, currency: string): Promise<bigint>;
}

export function createDemoWallet(deps: { ledger: LedgerRepo; demo: DemoRepo }): DemoWallet {
  const balanceOf = async (sessionId: string, currency: string) =>
    (await deps.demo.balance(sessionId)) ?? internalStartBalance(currency);

  return {
    mode: 'demo',

    async settle(round, _player, session) {
      const start = internalStartBalance(round.currency);
      const played = await deps.ledger.playDemoRound(round, session, start);
      return settleResultOf(played, round, start, 'the demo balance is spent: reset it to play on');
    },

    balance: (player) => balanceOf(player.sessionId, player.currency),

    balanceAfter: (round) => balanceOf(round.session_id, round.currency),

    async reset(sessionId, currency) {
      const start = internalStartBalance(currency);
      await deps.demo.reset(sessionId, start);
      return start;
    },
  };
}
