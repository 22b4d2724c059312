// Callback-wallet rounds, step by step, on the state machine of round-machine.ts: each step is one
// statement (ledgerRepo) that records a wallet call's answer and writes the row of the call that
// follows, as the table says; the spin request, the retry worker of any node and start-up recovery
// all go through the same steps.
import { derivedId, newId } from '../domain/ids.ts';
import { signingSecret } from '../domain/operators.ts';
import type { NewRound } from '../domain/rounds.ts';
import { type WalletActionType, walletActionType } from '../domain/wallet-actions.ts';
import type {
  AttemptLog,
  JackpotWin,
  LedgerRepo,
  NewWalletTx,
  OpenResult,
  SessionGuard,
} from '../store/ledger.repo.ts';
import type { OperatorRow } from '../store/operators.repo.ts';
import type { WalletTxType } from '../store/schema.ts';
import type { WalletTxRow } from '../store/wallet.repo.ts';
import type { AttemptRecord, CallbackClient, WalletCallRef } from './callback-client.ts';
import { type CallbackType, walletRequestBody } from './protocol.ts';
import { backoffDelayMs, type RetryPolicy } from './retry-policy.ts';
import { callOf, transition } from './round-machine.ts';

/**
 * The store's share of a callback round, step by step (the wallet's share is in the attempt
 * events): `open` commits the round and its first transaction, `debit_record` the debit's answer
 * with what follows it, `credit_record` / `rollback_record` a delivery's answer, `read` a round
 * read back for the answer because its credit is still unanswered (a settled one is answered from
 * its credit's record, functions/rf_callback_steps.sql).
 */
export type RoundStep = 'open' | 'debit_record' | 'credit_record' | 'rollback_record' | 'read';
export type ObserveStep = (step: RoundStep, seconds: number) => void;

/** Runs `work` and tells `observe` how long it took, whether it answered or threw. */
export async function timedStep<T>(
  observe: ObserveStep | undefined,
  step: RoundStep,
  work: () => Promise<T>,
): Promise<T> {
  if (!observe) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    observe(step, (performance.now() - started) / 1000);
  }
}

export interface SettlementDeps {
  ledger: LedgerRepo;
  client: CallbackClient;
  policy: RetryPolicy;
  timeoutMs: number;
  findOperator(id: string): Promise<OperatorRow | undefined>;
  /** The clock that picks the signing secret during a rotation (default: the system's). */
  now?: () => Date;
  /** Told how long each of the store's steps took (metrics). */
  observeStep?: ObserveStep;
  /** The round's details page, for a credit rebuilt when recovery re-drives a round (none: left out). */
  detailsUrl?: (roundId: string, playedAt: Date) => string;
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
  | 'action_type'
  | 'amount'
  | 'body'
  | 'attempts'
> & {
  /** The session_id the body carries, where this node built the body (saves reading it back). */
  sessionToken?: string;
};

export type OpenStep =
  | { kind: 'opened'; first: TxRef; jackpotWins: JackpotWin[] }
  | { kind: Exclude<OpenResult, 'opened' | { refused: string }> }
  | { kind: 'refused'; reason: string };

/** What a round's credit carries beyond the contract: its details page and, on a free round, whose grant. */
export interface RoundExtras {
  detailsUrl?: string;
  freeRound?: { campaign_id: string; grant_id: string };
  /** A jackpot win's credit: the pool and the tier it pays. */
  jackpot?: { jackpot_id: string; jackpot_tier: string };
}

/** The round's extras as newTx takes them. */
function extrasOf(round: NewRound): RoundExtras {
  return {
    ...(round.details_url ? { detailsUrl: round.details_url } : {}),
    ...(round.free_round
      ? { freeRound: { campaign_id: round.free_round.campaign_id, grant_id: round.free_round.grant_id } }
      : {}),
  };
}

/** What a round's credit carries that its debit does not: the win and the extras. */
export interface CreditFacts {
  win: bigint;
  extras: RoundExtras;
  /** Jackpot tiers the round won at its opening: each is paid by a credit of its own. */
  jackpotWins: JackpotWin[];
}

/** The transaction_id of the credit that follows a debit: the same whenever the round is driven. */
export function creditIdOf(debitId: string): string {
  return derivedId('tx', debitId, 'credit');
}

export type DebitResult =
  | { kind: 'debited'; credit: TxRef; jackpotCredits: TxRef[]; balance: bigint }
  | { kind: 'rejected'; error: string; message: string | undefined }
  | { kind: 'rolled_back'; error: string; rollback: TxRef | undefined };

/** Who a callback is about: the round's operator, player, game and currency. */
type CallbackParty = Pick<TxRef, 'round_id' | 'operator_id' | 'player_id' | 'game_symbol' | 'currency'>;

/**
 * The body of one wallet call, as every attempt of it sends it (each attempt fills in a fresh
 * request_id): the only place a callback body is built, for balance queries and round steps alike.
 */
export function callbackBody(
  party: Omit<CallbackParty, 'round_id'> & { round_id?: string },
  type: CallbackType,
  fields: {
    id: string;
    actionType: WalletActionType;
    amount: bigint;
    sessionToken: string;
    original?: string;
    extras?: RoundExtras;
  },
): string {
  const { extras } = fields;
  return walletRequestBody({
    operator_id: party.operator_id,
    player_id: party.player_id,
    session_id: fields.sessionToken,
    game_symbol: party.game_symbol,
    currency: party.currency,
    transaction_id: fields.id,
    transaction_type: type,
    action_type: fields.actionType,
    amount: fields.amount,
    original_transaction_id: fields.original,
    ...(type === 'balance' || party.round_id === undefined
      ? {}
      : { round_id: party.round_id, round_finished: type !== 'debit' }),
    ...(type === 'credit' && extras?.detailsUrl ? { round_details_url: extras.detailsUrl } : {}),
    ...(extras?.freeRound && type !== 'balance'
      ? {
          free_round_campaign_id: extras.freeRound.campaign_id,
          free_round_grant_id: extras.freeRound.grant_id,
        }
      : {}),
    ...(type === 'credit' && extras?.jackpot ? extras.jackpot : {}),
  });
}

function attemptLog(transactionId: string, record: AttemptRecord): AttemptLog {
  const { answer } = record;
  return {
    transaction_id: transactionId,
    request_id: record.requestId,
    started_at: record.startedAt.toISOString(),
    latency_ms: record.latencyMs,
    http_status: record.httpStatus,
    result: answer.kind,
    error: answer.kind === 'acknowledged' ? null : errorText(record),
    response_body: record.responseBody,
  };
}

function errorText(record: AttemptRecord): string {
  const { answer } = record;
  if (answer.kind === 'rejected') {
    return `${answer.status} ${answer.error}${answer.message ? `: ${answer.message}` : ''}`;
  }
  return answer.kind === 'failed' ? answer.error : '';
}

export function createSettlement(deps: SettlementDeps) {
  const { ledger, client, policy } = deps;
  const leaseMs = () => deps.timeoutMs + policy.leaseGraceMs;

  /** A new transaction of the round of `from`, with its body as every attempt will send it. */
  function newTx(
    from: CallbackParty,
    type: WalletTxType,
    fields: {
      actionType: WalletActionType;
      amount: bigint;
      sessionToken: string;
      original?: string;
      extras?: RoundExtras;
    },
    dueInMs: number,
    id = newId('tx'),
  ): { ref: TxRef; row: NewWalletTx } {
    const body = callbackBody(from, type, { id, ...fields });
    const party = {
      round_id: from.round_id,
      operator_id: from.operator_id,
      player_id: from.player_id,
      game_symbol: from.game_symbol,
      currency: from.currency,
    };
    const ref: TxRef = {
      id,
      ...party,
      type,
      action_type: fields.actionType,
      amount: fields.amount,
      body,
      attempts: dueInMs > 0 ? 1 : 0,
      sessionToken: fields.sessionToken,
    };
    const row: NewWalletTx = {
      id,
      ...party,
      type,
      amount: fields.amount,
      body,
      action_type: fields.actionType,
      original_transaction_id: fields.original ?? null,
      due_in_ms: dueInMs,
    };
    return { ref, row };
  }

  /**
   * The session_id the round's first transaction was sent with: every later one repeats it. Read
   * from the stored body only for a row this node did not build (the worker's, recovery's).
   */
  const sessionOf = (tx: TxRef) =>
    tx.sessionToken ?? (JSON.parse(tx.body as string) as { session_id: string }).session_id;

  /**
   * Step 1: the round and its first transaction row (the debit; for a free spin, the credit),
   * committed before any wallet call. The store re-checks the guard's token, expiry and state version.
   */
  async function openRound(round: NewRound, guard: SessionGuard, sessionToken: string): Promise<OpenStep> {
    const paid = round.stake > 0n;
    const party = {
      round_id: round.id,
      operator_id: round.operator_id,
      player_id: round.player_id,
      game_symbol: round.game_symbol,
      currency: round.currency,
    };
    const first = newTx(
      party,
      paid ? 'debit' : 'credit',
      {
        actionType: walletActionType(round.action_type),
        amount: paid ? round.stake : round.win,
        sessionToken,
        extras: extrasOf(round),
      },
      leaseMs(),
    );
    const { result, jackpotWins } = await timedStep(deps.observeStep, 'open', () =>
      ledger.openCallbackRound(round, guard, first.row, policy.giveUpAfterMs),
    );
    if (typeof result === 'object') return { kind: 'refused', reason: result.refused };
    return result === 'opened' ? { kind: 'opened', first: first.ref, jackpotWins } : { kind: result };
  }

  /** One attempt of one wallet call, signed with the operator's current secret. */
  async function sendCall(
    operatorId: string,
    type: CallbackType,
    body: string,
    call: WalletCallRef,
  ): Promise<AttemptRecord> {
    const operator = await deps.findOperator(operatorId);
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
    const secret = signingSecret(operator, deps.now?.() ?? new Date()) ?? operator.wallet_secret;
    const endpoint = { operatorId, baseUrl: operator.wallet_base_url, secret };
    return client.attempt(endpoint, type, body, call);
  }

  const send = (tx: TxRef) =>
    sendCall(tx.operator_id, tx.type, tx.body as string, { currency: tx.currency, transaction_id: tx.id });

  /** Records a debit's answer (or, with no attempt, its abandonment) and writes what follows. */
  function recordDebit(
    debitTx: TxRef,
    record: AttemptRecord,
    next: { row: NewWalletTx } | null,
    balance: bigint | null,
    error: string | null,
    durable: boolean,
    jackpot: NewWalletTx[] = [],
  ) {
    return timedStep(deps.observeStep, 'debit_record', () =>
      ledger.recordDebit(
        debitTx.id,
        attemptLog(debitTx.id, record),
        record.answer.kind,
        balance,
        error,
        next?.row ?? null,
        policy.giveUpAfterMs,
        { durable, jackpot },
      ),
    );
  }

  /**
   * A jackpot win's credit (the table's 'jackpot' call): its own transaction, under the id the win
   * was written with, sent after the round's credit and retried like it until acknowledged; it
   * carries the round's session_id as every call of the round does, but needs no live session.
   */
  function jackpotCreditOf(debitTx: TxRef, win: JackpotWin) {
    return newTx(
      debitTx,
      'credit',
      {
        actionType: 'jackpot_win',
        amount: win.amount,
        sessionToken: sessionOf(debitTx),
        extras: { jackpot: { jackpot_id: win.pool_id, jackpot_tier: win.tier } },
      },
      leaseMs(),
      win.tx_id,
    );
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

  /** The credit that follows `debitTx`, under the id that follows from the debit's. */
  function creditOf(debitTx: TxRef, facts: CreditFacts) {
    return newTx(
      debitTx,
      'credit',
      {
        actionType: walletActionType(debitTx.action_type),
        amount: facts.win,
        sessionToken: sessionOf(debitTx),
        extras: facts.extras,
      },
      leaseMs(),
      creditIdOf(debitTx.id),
    );
  }

  /**
   * A debit's answer, recorded as the table's row for it says (with the row of the call that
   * follows, flushed first only where the row is durable), and what the round does next.
   */
  async function answerDebit(
    debitTx: TxRef,
    facts: CreditFacts,
    record: AttemptRecord,
  ): Promise<DebitResult> {
    const { answer } = record;
    const move = transition('debit', answer.kind);
    const next =
      move.next === 'credit'
        ? creditOf(debitTx, facts)
        : move.next === 'rollback'
          ? rollbackOf(debitTx, leaseMs())
          : null;
    const jackpot =
      move.next === 'credit' ? facts.jackpotWins.map((win) => jackpotCreditOf(debitTx, win)) : [];
    const result = await recordDebit(
      debitTx,
      record,
      next,
      answer.kind === 'acknowledged' ? answer.balance : null,
      answer.kind === 'acknowledged' ? null : answer.error,
      move.durable,
      jackpot.map((credit) => credit.row),
    );
    // 'late': the lease ran out before the answer came, and the worker has rolled the round back.
    const late: DebitResult = {
      kind: 'rolled_back',
      error: 'the debit answer came too late',
      rollback: undefined,
    };
    if (answer.kind === 'acknowledged') {
      return result === 'credit' && next
        ? {
            kind: 'debited',
            credit: next.ref,
            jackpotCredits: jackpot.map((credit) => credit.ref),
            balance: answer.balance,
          }
        : late;
    }
    if (answer.kind === 'rejected') {
      return result === 'rejected'
        ? { kind: 'rejected', error: answer.error, message: answer.message }
        : late;
    }
    return {
      kind: 'rolled_back',
      error: answer.error,
      rollback: result === 'rollback' ? next?.ref : undefined,
    };
  }

  /** Step 2 in the spin request: the debit's one and only attempt, and what follows from its answer. */
  async function debit(
    debitTx: TxRef,
    round: NewRound,
    jackpotWins: JackpotWin[] = [],
  ): Promise<DebitResult> {
    return answerDebit(
      debitTx,
      { win: round.win, extras: extrasOf(round), jackpotWins },
      await send(debitTx),
    );
  }

  /**
   * One attempt of a credit or rollback (the caller holds its lease), then its record: acknowledged
   * closes the round; otherwise the next attempt is scheduled, or the transaction is parked. A
   * credit whose round is settled also answers when the database closed the round (`settledAt`).
   */
  async function deliver(
    tx: TxRef,
  ): Promise<{ acknowledged: boolean; balance?: bigint; settledAt: Date | null }> {
    const record = await send(tx);
    const { answer } = record;
    // The table's move: an acknowledgement ends the round (no next call); anything else keeps the
    // call due, after backoff (recordDelivery parks it once its give-up time has passed).
    const acknowledged = answer.kind === 'acknowledged' && transition(callOf(tx), answer.kind).next === null;
    const { settledAt } = await timedStep(
      deps.observeStep,
      tx.type === 'rollback' ? 'rollback_record' : 'credit_record',
      () =>
        ledger.recordDelivery(
          tx.id,
          attemptLog(tx.id, record),
          acknowledged ? answer.balance : null,
          acknowledged ? null : errorText(record),
          backoffDelayMs(policy, Math.max(1, tx.attempts)),
        ),
    );
    return acknowledged ? { acknowledged, balance: answer.balance, settledAt } : { acknowledged, settledAt };
  }

  /** Recovery of a debit whose lease ran out unanswered (RECOVERY.debit.leaseExpired): its rollback, due at once. */
  function abandonStaleDebit(debitId: string): Promise<void> {
    return ledger.abandonStaleDebit(debitId, (debit) => rollbackOf(debit, 0).row, policy.giveUpAfterMs);
  }

  /**
   * Recovery of a debit left unanswered across a restart of the database (RECOVERY.debit.storeRestarted):
   * its acknowledgement may be the commit that was lost, with the credit already sent. The same debit
   * goes again; the wallet answers a repeat with the original answer, and the round goes on from it
   * as the table says, its credit under the id it would have had. With no answer again, it is tried
   * again after backoff: a rollback now could undo a debit whose credit the player already has.
   * Answers whether the round moved on.
   */
  async function redriveDebit(debitId: string): Promise<boolean> {
    const claimed = await ledger.claimStaleDebit(debitId, leaseMs());
    if (!claimed) return false;
    const record = await send(claimed.debit);
    if (record.answer.kind === 'failed') {
      await ledger.deferDebit(
        debitId,
        attemptLog(debitId, record),
        errorText(record),
        backoffDelayMs(policy, Math.max(1, claimed.debit.attempts)),
      );
      return false;
    }
    const extras: RoundExtras = deps.detailsUrl
      ? { detailsUrl: deps.detailsUrl(claimed.debit.round_id, claimed.playedAt) }
      : {};
    const result = await answerDebit(
      claimed.debit,
      { win: claimed.win, extras, jackpotWins: claimed.jackpotWins },
      record,
    );
    if (result.kind === 'debited') {
      // A jackpot win's credit goes after the round's credit is acknowledged (else the worker sends it).
      const delivered = await deliver(result.credit);
      if (delivered.acknowledged) for (const credit of result.jackpotCredits) await deliver(credit);
    }
    return true;
  }

  return { openRound, debit, deliver, abandonStaleDebit, redriveDebit, sendCall };
}

export type Settlement = ReturnType<typeof createSettlement>;
