// Both wallet modes of one process behind one object: the internal wallet, the callback client
// with its pools, the settlement steps, the retry worker, and a player's balance in either mode.
import type { Kysely } from 'kysely';
import { errors } from '../domain/errors.ts';
import { newId } from '../domain/ids.ts';
import type { OperatorRow } from '../store/operators.repo.ts';
import type { Database } from '../store/schema.ts';
import { createCallbackClient } from './callback-client.ts';
import { createInternalWallet } from './internal.ts';
import { walletRequestBody } from './protocol.ts';
import type { RetryPolicy } from './retry-policy.ts';
import { createSettlement } from './settlement.ts';
import { createRetryWorker } from './worker.ts';

export interface WalletsOptions {
  db: Kysely<Database>;
  policy: RetryPolicy;
  timeoutMs: number;
  findOperator(id: string): Promise<OperatorRow | undefined>;
}

export interface BalanceQuery {
  operator: OperatorRow;
  playerId: string;
  currency: string;
  gameSymbol: string;
  sessionToken: string;
}

export function createWallets(options: WalletsOptions) {
  const client = createCallbackClient({ timeoutMs: options.timeoutMs });
  const internal = createInternalWallet(options.db);
  const settlement = createSettlement({ ...options, client });
  const worker = createRetryWorker({ ...options, settlement });

  /** The player's balance: ours in internal mode, the operator's balance callback otherwise. */
  async function balance(query: BalanceQuery): Promise<bigint> {
    const { operator } = query;
    if (operator.wallet_mode === 'internal') {
      return internal.balance(operator.id, query.playerId, query.currency);
    }
    if (!operator.wallet_base_url || !operator.wallet_secret) {
      throw errors.walletUnavailable('the operator has no wallet configured');
    }
    const transactionId = newId('tx');
    const body = walletRequestBody({
      operator_id: operator.id,
      player_id: query.playerId,
      session_id: query.sessionToken,
      game_symbol: query.gameSymbol,
      currency: query.currency,
      transaction_id: transactionId,
      transaction_type: 'balance',
      action_type: 'balance',
      amount: 0n,
    });
    const record = await client.attempt(
      { operatorId: operator.id, baseUrl: operator.wallet_base_url, secret: operator.wallet_secret },
      'balance',
      body,
    );
    if (record.answer.kind === 'rejected') {
      throw errors.walletRejected(`the operator's wallet refused the balance query (${record.answer.error})`);
    }
    if (record.answer.kind === 'failed') {
      throw errors.walletUnavailable(
        `the operator's wallet did not answer the balance query (${record.answer.error})`,
      );
    }
    return record.answer.balance;
  }

  return {
    policy: options.policy,
    internal,
    client,
    settlement,
    worker,
    balance,
    async close() {
      await worker.stop();
      await client.close();
    },
  };
}

export type Wallets = ReturnType<typeof createWallets>;
