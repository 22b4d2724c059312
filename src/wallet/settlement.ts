// Callback-wallet rounds, step by step. Each step is one database transaction that writes the
// next transaction row before its wallet call, and every state change is a compare-and-set on
// the round's stage, so the spin request, the retry worker of any node and start-up recovery can
// race without a round being paid twice:
//
//   open   debit ──ack──> credit ──ack──> settled
//            │ rejected ─────────────────> cancelled
//            └ no answer / lease ran out ─> rollback ──ack──> cancelled
//   credits and rollbacks: retried with backoff until acknowledged, parked after giveUpAfterMs.
import { type Kysely, sql, type Transaction } from 'kysely';
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

export type OpenResult =
  | { kind: 'opened'; first: WalletTxRow }
  | { kind: 'existing' }
  | { kind: 'stale' }
  | { kind: 'busy' }
  | { kind: 'blocked' };

export type DebitResult =
  | { kind: 'debited'; credit: WalletTxRow; balance: bigint }
  | { kind: 'rejected'; error: string; message: string | undefined }
  | { kind: 'rolled_back'; error: string; rollback: WalletTxRow | undefined };

type Db = Kysely<Database> | Transaction<Database>;

const seconds = (ms: number) => sql<Date>`clock_timestamp() + make_interval(secs => ${ms / 1000})`;

function attemptRow(transactionId: string, record: AttemptRecord) {
  const { answer } = record;
  return {
    transaction_id: transactionId,
    request_id: record.requestId,
    started_at: record.startedAt,
    latency_ms: record.latencyMs,
    http_status: record.httpStatus,
    result: answer.kind,
    error:
      answer.kind === 'acknowledged'
        ? null
        : answer.kind === 'rejected'
          ? `${answer.error}${answer.message ? `: ${answer.message}` : ''}`
          : answer.error,
    response_body: record.responseBody,
  };
}

export function createSettlement(deps: SettlementDeps) {
  const { db, client, policy } = deps;
  const leaseMs = () => deps.timeoutMs + policy.leaseGraceMs;

  function newTx(
    round: {
      round_id: string;
      operator_id: string;
      player_id: string;
      game_symbol: string;
      currency: string;
    },
    type: WalletTxType,
    fields: { actionType: string; amount: bigint; sessionToken: string; original?: string },
    dueInMs: number,
  ) {
    const id = newId('tx');
    const body = walletRequestBody({
      operator_id: round.operator_id,
      player_id: round.player_id,
      session_id: fields.sessionToken,
      game_symbol: round.game_symbol,
      currency: round.currency,
      transaction_id: id,
      transaction_type: type,
      action_type: fields.actionType,
      amount: fields.amount,
      original_transaction_id: fields.original,
      round_id: round.round_id,
      round_finished: type !== 'debit',
    });
    return {
      id,
      round_id: round.round_id,
      operator_id: round.operator_id,
      player_id: round.player_id,
      game_symbol: round.game_symbol,
      currency: round.currency,
      wallet_mode: 'callback' as const,
      type,
      action_type: fields.actionType,
      amount: fields.amount.toString(),
      original_transaction_id: fields.original ?? null,
      body,
      status: 'pending' as const,
      attempts: dueInMs > 0 ? 1 : 0,
      next_attempt_at: seconds(dueInMs),
      give_up_at: type === 'debit' ? null : seconds(policy.giveUpAfterMs),
    };
  }

  async function insertTx(trx: Db, values: ReturnType<typeof newTx>): Promise<WalletTxRow> {
    return trx.insertInto('wallet_transactions').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async function advanceSession(trx: Db, sessionId: string, stateAfter: unknown, version: bigint) {
    const moved = await trx
      .updateTable('game_sessions')
      .set({ state: JSON.stringify(stateAfter), state_version: (version + 1n).toString() })
      .where('id', '=', sessionId)
      .where('state_version', '=', version)
      .executeTakeFirst();
    return moved.numUpdatedRows === 1n;
  }

  /**
   * Step 1: the round and its first transaction row (the debit; for a free spin, the credit),
   * committed before any wallet call. The session row lock serialises the session's spins.
   */
  async function openRound(
    round: PreparedRound,
    stateVersion: bigint,
    sessionToken: string,
    expiresAt: Date,
  ): Promise<OpenResult> {
    return db.transaction().execute(async (trx) => {
      // The lock first: a statement's snapshot is taken before it waits for a lock, so the checks
      // below must come in a statement of their own to see what the previous holder committed.
      await trx
        .selectFrom('game_sessions')
        .select('id')
        .where('id', '=', round.sessionId)
        .forUpdate()
        .execute();
      // What may stop the round: a repeat of the click, a stale state, a transaction parked for
      // staff, a round of this session still waiting for its debit.
      const { rows } = await sql<{
        state_version: bigint;
        existing: string | null;
        parked: boolean;
        busy: boolean;
      }>`
        select s.state_version,
          (select r.id from rounds r
            where r.session_id = s.id and r.client_round_id = ${round.clientRoundId}) as existing,
          exists (select 1 from wallet_transactions t
            where t.status = 'failed' and t.operator_id = s.operator_id and t.player_id = s.player_id
              and t.game_symbol = s.game_symbol) as parked,
          exists (select 1 from rounds r
            where r.session_id = s.id and r.status = 'open' and r.stage = 'debit') as busy
        from game_sessions s where s.id = ${round.sessionId}`.execute(trx);
      const session = rows[0];
      if (!session) throw new Error(`session ${round.sessionId} vanished`);
      if (session.existing !== null) return { kind: 'existing' };
      if (session.state_version !== stateVersion) return { kind: 'stale' };
      if (session.parked) return { kind: 'blocked' };
      if (session.busy) return { kind: 'busy' };

      const paid = round.stake > 0n;
      const columns = roundColumns(round, 'callback');
      await trx
        .insertInto('rounds')
        .values({ ...columns, status: 'open', stage: paid ? 'debit' : 'credit' })
        .execute();
      const row = {
        round_id: round.id,
        operator_id: round.operatorId,
        player_id: round.playerId,
        game_symbol: round.gameSymbol,
        currency: round.currency,
      };
      const first = await insertTx(
        trx,
        newTx(
          row,
          paid ? 'debit' : 'credit',
          { actionType: round.actionType, amount: paid ? round.stake : round.win, sessionToken },
          leaseMs(),
        ),
      );
      if (!paid && !(await advanceSession(trx, round.sessionId, round.stateAfter, stateVersion))) {
        throw new Error(`session ${round.sessionId} moved while locked`);
      }
      await trx
        .updateTable('game_sessions')
        .set({ expires_at: expiresAt })
        .where('id', '=', round.sessionId)
        .where('expires_at', '<', expiresAt)
        .execute();
      return { kind: 'opened', first };
    });
  }

  async function endpointFor(operatorId: string) {
    const operator = await deps.findOperator(operatorId);
    if (!operator?.wallet_base_url || !operator.wallet_secret) return undefined;
    return { operatorId, baseUrl: operator.wallet_base_url, secret: operator.wallet_secret };
  }

  async function send(tx: WalletTxRow): Promise<AttemptRecord> {
    const endpoint = await endpointFor(tx.operator_id);
    if (!endpoint) {
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
    return client.attempt(endpoint, tx.type, tx.body as string);
  }

  /**
   * A debit without an answer: mark it unknown and open its rollback (never re-send a debit).
   * Returns the rollback row, or undefined when another path already decided the round.
   */
  async function abandonDebit(
    trx: Db,
    debit: WalletTxRow,
    error: string,
    dueInMs: number,
  ): Promise<WalletTxRow | undefined> {
    const moved = await trx
      .updateTable('rounds')
      .set({ stage: 'rollback', cancel_reason: 'wallet_unavailable' })
      .where('id', '=', debit.round_id)
      .where('stage', '=', 'debit')
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) return undefined;
    await trx
      .updateTable('wallet_transactions')
      .set({ status: 'unknown', last_error: error, finished_at: sql`now()` })
      .where('id', '=', debit.id)
      .execute();
    const stored = JSON.parse(debit.body as string) as { session_id: string };
    return insertTx(
      trx,
      newTx(
        debit,
        'rollback',
        { actionType: 'rollback', amount: debit.amount, sessionToken: stored.session_id, original: debit.id },
        dueInMs,
      ),
    );
  }

  /** Step 2 in the spin request: the debit's one and only attempt, and what follows from its answer. */
  async function debit(
    debitTx: WalletTxRow,
    round: PreparedRound,
    stateVersion: bigint,
  ): Promise<DebitResult> {
    const record = await send(debitTx);
    const { answer } = record;
    // The lease ran out before the answer came and the worker has already rolled the round back.
    const late: DebitResult = {
      kind: 'rolled_back',
      error: 'the debit answer came too late',
      rollback: undefined,
    };
    return db.transaction().execute(async (trx): Promise<DebitResult> => {
      await trx.insertInto('wallet_attempts').values(attemptRow(debitTx.id, record)).execute();
      if (answer.kind === 'acknowledged') {
        const moved = await trx
          .updateTable('rounds')
          .set({ stage: 'credit' })
          .where('id', '=', round.id)
          .where('stage', '=', 'debit')
          .executeTakeFirst();
        if (moved.numUpdatedRows !== 1n) return late;
        await trx
          .updateTable('wallet_transactions')
          .set({ status: 'acknowledged', balance_after: answer.balance.toString(), finished_at: sql`now()` })
          .where('id', '=', debitTx.id)
          .execute();
        const stored = JSON.parse(debitTx.body as string) as { session_id: string };
        const credit = await insertTx(
          trx,
          newTx(
            debitTx,
            'credit',
            { actionType: round.actionType, amount: round.win, sessionToken: stored.session_id },
            leaseMs(),
          ),
        );
        if (!(await advanceSession(trx, round.sessionId, round.stateAfter, stateVersion))) {
          throw new Error(`session ${round.sessionId} moved during the debit of ${round.id}`);
        }
        return { kind: 'debited', credit, balance: answer.balance };
      }
      if (answer.kind === 'rejected') {
        const moved = await trx
          .updateTable('rounds')
          .set({ stage: 'done', status: 'cancelled', cancel_reason: answer.error, finished_at: sql`now()` })
          .where('id', '=', round.id)
          .where('stage', '=', 'debit')
          .executeTakeFirst();
        if (moved.numUpdatedRows !== 1n) return late;
        await trx
          .updateTable('wallet_transactions')
          .set({ status: 'rejected', last_error: answer.error, finished_at: sql`now()` })
          .where('id', '=', debitTx.id)
          .execute();
        return { kind: 'rejected', error: answer.error, message: answer.message };
      }
      const rollback = await abandonDebit(trx, debitTx, answer.error, leaseMs());
      return { kind: 'rolled_back', error: answer.error, rollback };
    });
  }

  /**
   * One attempt of a credit or rollback (the caller holds its lease), then its record: acknowledged
   * closes the round; otherwise the next attempt is scheduled, or the transaction is parked.
   */
  async function deliver(tx: WalletTxRow): Promise<{ acknowledged: boolean; balance?: bigint }> {
    const record = await send(tx);
    const { answer } = record;
    await db.transaction().execute(async (trx) => {
      // Losing this record in a crash only means the same transaction is sent again, which the
      // operator answers idempotently, so it need not wait for the disk.
      await sql`set local synchronous_commit = off`.execute(trx);
      await trx.insertInto('wallet_attempts').values(attemptRow(tx.id, record)).execute();
      if (answer.kind === 'acknowledged') {
        const done = await trx
          .updateTable('wallet_transactions')
          .set({ status: 'acknowledged', balance_after: answer.balance.toString(), finished_at: sql`now()` })
          .where('id', '=', tx.id)
          .where('status', 'in', ['pending', 'failed'])
          .executeTakeFirst();
        if (done.numUpdatedRows === 1n) {
          await trx
            .updateTable('rounds')
            .set({
              stage: 'done',
              status: tx.type === 'credit' ? 'settled' : 'cancelled',
              finished_at: sql`now()`,
            })
            .where('id', '=', tx.round_id)
            .where('stage', '=', tx.type)
            .execute();
        }
        return;
      }
      const error =
        answer.kind === 'rejected'
          ? `${answer.status} ${answer.error}${answer.message ? `: ${answer.message}` : ''}`
          : answer.error;
      await trx
        .updateTable('wallet_transactions')
        .set({
          last_error: error,
          status: sql`case when give_up_at <= clock_timestamp() then 'failed' else 'pending' end`,
          next_attempt_at: seconds(backoffDelayMs(policy, Math.max(1, tx.attempts))),
        })
        .where('id', '=', tx.id)
        .where('status', '=', 'pending')
        .execute();
    });
    return answer.kind === 'acknowledged'
      ? { acknowledged: true, balance: answer.balance }
      : { acknowledged: false };
  }

  /** The worker's share for stale debits: each becomes unknown and gets a rollback due at once. */
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
      const rollback = await abandonDebit(trx, debitTx, 'no answer recorded before the lease ran out', 0);
      if (!rollback) {
        // Cannot happen (a debit's answer and its round's stage change commit together); never loop on it.
        await trx
          .updateTable('wallet_transactions')
          .set({ status: 'unknown', last_error: 'round already decided', finished_at: sql`now()` })
          .where('id', '=', debitId)
          .execute();
      }
    });
  }

  return { openRound, debit, deliver, abandonStaleDebit, send };
}

export type Settlement = ReturnType<typeof createSettlement>;
