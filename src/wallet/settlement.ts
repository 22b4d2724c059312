// Callback-wallet rounds, step by step. Each step is one statement (migrations/005) that writes
// the next transaction row before its wallet call, and every state change is a compare-and-set on
// the round's stage, so the spin request, the retry worker of any node and start-up recovery can
// race without a round being paid twice:
//
//   open   debit ──ack──> credit ──ack──> settled
//            │ rejected ─────────────────> cancelled
//            └ no answer / lease ran out ─> rollback ──ack──> cancelled
//   credits and rollbacks: retried with backoff until acknowledged, parked after giveUpAfterMs.
import { type Kysely, sql } from 'kysely';
import { newId } from '../domain/ids.ts';
import type { OperatorRow } from '../store/operators.repo.ts';
import type { Database, WalletTxType } from '../store/schema.ts';
import type { WalletTxRow } from '../store/wallet.repo.ts';
import type { AttemptRecord, CallbackClient } from './callback-client.ts';
import { walletRequestBody } from './protocol.ts';
import { backoffDelayMs, type RetryPolicy } from './retry-policy.ts';
import { type PreparedRound, roundColumns } from './rounds.ts';

export interface SettlementDeps {
  db: Kysely<Database>;
  client: CallbackClient;
  policy: RetryPolicy;
  timeoutMs: number;
  findOperator(id: string): Promise<OperatorRow | undefined>;
}

/** What a step needs of a transaction: enough to send it and to write what follows it. */
export type TxRef = Pick<
  WalletTxRow,
  | 'id'
  | 'round_id'
  | 'operator_id'
  | 'player_id'
  | 'game_symbol'
  | 'currency'
  | 'type'
  | 'amount'
  | 'body'
  | 'attempts'
>;

export type OpenResult =
  | { kind: 'opened'; first: TxRef }
  | { kind: 'existing' }
  | { kind: 'stale' }
  | { kind: 'busy' }
  | { kind: 'blocked' };

export type DebitResult =
  | { kind: 'debited'; credit: TxRef; balance: bigint }
  | { kind: 'rejected'; error: string; message: string | undefined }
  | { kind: 'rolled_back'; error: string; rollback: TxRef | undefined };

function attemptJson(transactionId: string, record: AttemptRecord): string {
  const { answer } = record;
  return JSON.stringify({
    transaction_id: transactionId,
    request_id: record.requestId,
    started_at: record.startedAt.toISOString(),
    latency_ms: record.latencyMs,
    http_status: record.httpStatus,
    result: answer.kind,
    error: answer.kind === 'acknowledged' ? null : errorText(record),
    response_body: record.responseBody,
  });
}

function errorText(record: AttemptRecord): string {
  const { answer } = record;
  if (answer.kind === 'rejected') {
    return `${answer.status} ${answer.error}${answer.message ? `: ${answer.message}` : ''}`;
  }
  return answer.kind === 'failed' ? answer.error : '';
}

export function createSettlement(deps: SettlementDeps) {
  const { db, client, policy } = deps;
  const leaseMs = () => deps.timeoutMs + policy.leaseGraceMs;

  /** A new transaction of the round of `from`, with its body as every attempt will send it. */
  function newTx(
    from: Pick<TxRef, 'round_id' | 'operator_id' | 'player_id' | 'game_symbol' | 'currency'>,
    type: WalletTxType,
    fields: { actionType: string; amount: bigint; sessionToken: string; original?: string },
    dueInMs: number,
  ): { ref: TxRef; json: string } {
    const id = newId('tx');
    const body = walletRequestBody({
      operator_id: from.operator_id,
      player_id: from.player_id,
      session_id: fields.sessionToken,
      game_symbol: from.game_symbol,
      currency: from.currency,
      transaction_id: id,
      transaction_type: type,
      action_type: fields.actionType,
      amount: fields.amount,
      original_transaction_id: fields.original,
      round_id: from.round_id,
      round_finished: type !== 'debit',
    });
    const ref: TxRef = {
      id,
      round_id: from.round_id,
      operator_id: from.operator_id,
      player_id: from.player_id,
      game_symbol: from.game_symbol,
      currency: from.currency,
      type,
      amount: fields.amount,
      body,
      attempts: dueInMs > 0 ? 1 : 0,
    };
    const json = JSON.stringify({
      ...ref,
      amount: fields.amount.toString(),
      action_type: fields.actionType,
      original_transaction_id: fields.original ?? null,
      due_in_ms: dueInMs,
    });
    return { ref, json };
  }

  /** The session_id the round's first transaction was sent with: every later one repeats it. */
  const sessionOf = (tx: TxRef) => (JSON.parse(tx.body as string) as { session_id: string }).session_id;

  /**
   * Step 1: the round and its first transaction row (the debit; for a free spin, the credit),
   * committed before any wallet call.
   */
  async function openRound(
    round: PreparedRound,
    stateVersion: bigint,
    sessionToken: string,
    expiresAt: Date,
  ): Promise<OpenResult> {
    const paid = round.stake > 0n;
    const first = newTx(
      {
        round_id: round.id,
        operator_id: round.operatorId,
        player_id: round.playerId,
        game_symbol: round.gameSymbol,
        currency: round.currency,
      },
      paid ? 'debit' : 'credit',
      { actionType: round.actionType, amount: paid ? round.stake : round.win, sessionToken },
      leaseMs(),
    );
    const columns = roundColumns(round, 'callback');
    const roundJson = JSON.stringify({
      ...columns,
      state_before: round.stateBefore,
      state_after: round.stateAfter,
      outcome: round.outcome,
    });
    const { rows } = await sql<{ result: 'opened' | 'existing' | 'stale' | 'busy' | 'blocked' }>`
      select rf_open_callback_round(${roundJson}::jsonb, ${stateVersion.toString()}::bigint, ${expiresAt},
        ${first.json}::jsonb, ${policy.giveUpAfterMs}) as result`.execute(db);
    const result = rows[0]?.result;
    if (result === 'opened') return { kind: 'opened', first: first.ref };
    if (!result) throw new Error('rf_open_callback_round answered no row');
    return { kind: result };
  }

  async function send(tx: TxRef): Promise<AttemptRecord> {
    const operator = await deps.findOperator(tx.operator_id);
    if (!operator?.wallet_base_url || !operator.wallet_secret) {
      return {
        requestId: newId('att'),
        startedAt: new Date(),
        latencyMs: 0,
        httpStatus: null,
        answer: {
          kind: 'failed',
          status: null,
          error: 'the operator has no wallet_base_url or wallet_secret',
        },
        responseBody: null,
      };
    }
    const endpoint = {
      operatorId: tx.operator_id,
      baseUrl: operator.wallet_base_url,
      secret: operator.wallet_secret,
    };
    return client.attempt(endpoint, tx.type, tx.body as string);
  }

  /**
   * Records a debit's answer (or, with no attempt, its abandonment) and writes what follows: the
   * credit, or the rollback. Answers what the store decided.
   */
  async function recordDebit(
    debitTx: TxRef,
    record: AttemptRecord | null,
    next: { ref: TxRef; json: string } | null,
    balance: bigint | null,
    error: string | null,
  ) {
    const answer = record ? record.answer.kind : 'failed';
    const { rows } = await sql<{ result: 'credit' | 'rejected' | 'rollback' | 'late' }>`
      select rf_record_debit(${debitTx.id}, ${record ? attemptJson(debitTx.id, record) : null}::jsonb,
        ${answer}, ${balance?.toString() ?? null}::bigint, ${error}, ${next?.json ?? null}::jsonb,
        ${policy.giveUpAfterMs}) as result`.execute(db);
    const result = rows[0]?.result;
    if (!result) throw new Error('rf_record_debit answered no row');
    return result;
  }

  function rollbackOf(debitTx: TxRef, dueInMs: number) {
    return newTx(
      debitTx,
      'rollback',
      {
        actionType: 'rollback',
        amount: debitTx.amount,
        sessionToken: sessionOf(debitTx),
        original: debitTx.id,
      },
      dueInMs,
    );
  }

  /** Step 2 in the spin request: the debit's one and only attempt, and what follows from its answer. */
  async function debit(debitTx: TxRef, round: PreparedRound): Promise<DebitResult> {
    const record = await send(debitTx);
    const { answer } = record;
    // 'late': the lease ran out before the answer came, and the worker has rolled the round back.
    const late: DebitResult = {
      kind: 'rolled_back',
      error: 'the debit answer came too late',
      rollback: undefined,
    };
    if (answer.kind === 'acknowledged') {
      const credit = newTx(
        debitTx,
        'credit',
        { actionType: round.actionType, amount: round.win, sessionToken: sessionOf(debitTx) },
        leaseMs(),
      );
      const result = await recordDebit(debitTx, record, credit, answer.balance, null);
      return result === 'credit' ? { kind: 'debited', credit: credit.ref, balance: answer.balance } : late;
    }
    if (answer.kind === 'rejected') {
      const result = await recordDebit(debitTx, record, null, null, answer.error);
      return result === 'rejected'
        ? { kind: 'rejected', error: answer.error, message: answer.message }
        : late;
    }
    const rollback = rollbackOf(debitTx, leaseMs());
    const result = await recordDebit(debitTx, record, rollback, null, answer.error);
    return {
      kind: 'rolled_back',
      error: answer.error,
      rollback: result === 'rollback' ? rollback.ref : undefined,
    };
  }

  /**
   * One attempt of a credit or rollback (the caller holds its lease), then its record: acknowledged
   * closes the round; otherwise the next attempt is scheduled, or the transaction is parked.
   */
  async function deliver(tx: TxRef): Promise<{ acknowledged: boolean; balance?: bigint }> {
    const record = await send(tx);
    const { answer } = record;
    const acknowledged = answer.kind === 'acknowledged';
    await sql`
      select rf_record_delivery(${tx.id}, ${attemptJson(tx.id, record)}::jsonb, ${acknowledged},
        ${acknowledged ? answer.balance.toString() : null}::bigint, ${acknowledged ? null : errorText(record)},
        ${backoffDelayMs(policy, Math.max(1, tx.attempts))})`.execute(db);
    return acknowledged ? { acknowledged, balance: answer.balance } : { acknowledged };
  }

  /** The worker's share for debits whose lease ran out unanswered: each gets a rollback due at once. */
  async function abandonStaleDebit(debitId: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const debitTx = await trx
        .selectFrom('wallet_transactions')
        .selectAll()
        .where('id', '=', debitId)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', sql<Date>`clock_timestamp()`)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!debitTx) return;
      const rollback = rollbackOf(debitTx, 0);
      await sql`
        select rf_record_debit(${debitTx.id}, null, 'failed', null, 'no answer recorded before the lease ran out',
          ${rollback.json}::jsonb, ${policy.giveUpAfterMs})`.execute(trx);
    });
  }

  return { openRound, debit, deliver, abandonStaleDebit };
}

export type Settlement = ReturnType<typeof createSettlement>;
