// Both wallet modes of one process: the internal wallet, the callback wallet with its connection
// pools and settlement steps, and the retry worker. `for(operator)` picks the operator's wallet;
// nothing else needs to know which mode an operator uses.
import type { WalletAddressPolicy } from '../domain/wallet-address.ts';
import type { DemoRepo } from '../store/demo.repo.ts';
import type { LedgerRepo } from '../store/ledger.repo.ts';
import type { OperatorRow } from '../store/operators.repo.ts';
import type { RoundsRepo } from '../store/rounds.repo.ts';
import type { WalletRepo } from '../store/wallet.repo.ts';
import { createCallbackWallet } from './callback.ts';
import { createCallbackClient, type WalletAttemptEvent } from './callback-client.ts';
import { createDemoWallet, type DemoWallet } from './demo.ts';
import { createInternalWallet } from './internal.ts';
import type { RetryPolicy } from './retry-policy.ts';
import { createSettlement, type ObserveStep } from './settlement.ts';
import type { Wallet } from './wallet.ts';
import { createRetryWorker, type RetryWorker } from './worker.ts';

export interface WalletsDeps {
  ledger: LedgerRepo;
  rounds: RoundsRepo;
  wallet: WalletRepo;
  demo: DemoRepo;
  policy: RetryPolicy;
  timeoutMs: number;
  /** Which addresses callbacks may reach (default: every address). */
  addresses?: WalletAddressPolicy;
  findOperator(id: string): Promise<OperatorRow | undefined>;
  /** The clock that picks the signing secret during a rotation (default: the system's). */
  now?: () => Date;
  /** Told of every callback attempt (logs, metrics). */
  observe?: (event: WalletAttemptEvent) => void;
  /** Told how long each of a callback round's store steps took (metrics). */
  observeStep?: ObserveStep;
  /** The round's details page, for a credit that recovery rebuilds. */
  detailsUrl?: (roundId: string, playedAt: Date) => string;
}

export interface Wallets {
  readonly policy: RetryPolicy;
  readonly worker: RetryWorker;
  /** The wallet that holds this operator's players' money. */
  for(operator: Pick<OperatorRow, 'wallet_mode'>): Wallet;
  /** Fun money for demo sessions, whatever the operator's mode: no wallet call at all. */
  readonly demo: DemoWallet;
  /** Stops the worker (it finishes its pass) and closes the callback pools. */
  close(): Promise<void>;
}

export function createWallets(deps: WalletsDeps): Wallets {
  const client = createCallbackClient({
    timeoutMs: deps.timeoutMs,
    observe: deps.observe,
    addresses: deps.addresses,
  });
  const settlement = createSettlement({ ...deps, client });
  const internal = createInternalWallet(deps);
  const callback = createCallbackWallet({
    settlement,
    rounds: deps.rounds,
    wallet: deps.wallet,
    observeStep: deps.observeStep,
  });
  const worker = createRetryWorker({
    wallet: deps.wallet,
    settlement,
    policy: deps.policy,
    timeoutMs: deps.timeoutMs,
  });
  return {
    policy: deps.policy,
    worker,
    for: (operator) => (operator.wallet_mode === 'internal' ? internal : callback),
    demo: createDemoWallet(deps),
    async close() {
      await worker.stop();
      await callback.drain();
      await client.close();
    },
  };
}
