// A callback round's state machine, as data: the stages a round passes through, what each wallet
// answer moves it to, what that move writes and whether the write must reach the disk before the
// next wallet call, and what recovery does with a round a crash left in a stage. settlement.ts runs
// one generic step over this table, in the spin request and in the retry worker alike; the store
// (rf_record_debit, rf_record_delivery) makes each move a compare-and-set on the round's stage, so
// the request, the worker of any node and start-up recovery can race without a round paid twice.
//
//   debit ──acknowledged──> credit ──acknowledged──> settled
//     │ rejected ─────────────────────────────────> cancelled
//     └ failed / no answer ──> rollback ──acknowledged──> cancelled
//   credit and rollback: sent again with backoff until acknowledged, parked after giveUpAfterMs.
//   jackpot: a tier the round won at its opening is paid by a credit of its own (action_type
//   jackpot_win), written with the round's credit and sent after it ──acknowledged──> paid; it
//   never moves the round, and is retried like a credit (issue 28).
//
// One durable write on the critical path: the round, its outcome and its debit intent are flushed
// together before the debit call (the opening). Everything after that is re-driven from that record
// with the same transaction_id, which the wallet answers idempotently (contract rule 1), so the
// debit's acknowledgement, the credit's intent and the credit's answer commit without waiting for
// the disk. What that costs when the database itself crashes is in RECOVERY.debit.

/** Where a round stands: the wallet call it waits for, or how it ended. */
export type RoundStage = 'debit' | 'credit' | 'rollback' | 'settled' | 'cancelled';

/** Where a jackpot win's credit stands: waiting for its acknowledgement, or paid. */
export type JackpotStage = 'jackpot' | 'paid';

/** The wallet calls a round makes; each is one transaction row with its own transaction_id. */
export type CallType = 'debit' | 'credit' | 'rollback' | 'jackpot';

/** The call a transaction row is: a credit with action_type jackpot_win is the 'jackpot' call. */
export function callOf(tx: { type: 'debit' | 'credit' | 'rollback'; action_type: string }): CallType {
  return tx.type === 'credit' && tx.action_type === 'jackpot_win' ? 'jackpot' : tx.type;
}

/** What one attempt of a wallet call came back with (callback-client.ts classifies the answer). */
export type CallAnswer = 'acknowledged' | 'rejected' | 'failed';

export interface Transition {
  /** The stage the round is in: the call it waits for. */
  readonly from: CallType;
  readonly on: CallAnswer;
  /** The round's stage after it (a jackpot call moves its win's credit, never the round). */
  readonly to: RoundStage | JackpotStage;
  /** What the record of this answer writes, in one statement. */
  readonly writes: string;
  /** The call the round makes next (its row is written by this transition), if any. */
  readonly next: CallType | null;
  /**
   * Whether the write must be on disk before the next call. Only where recovery could not re-drive
   * the round from the opening record: a rollback written in answer to a failed debit, or a
   * rejection that tells the player no, must survive a crash of the database.
   */
  readonly durable: boolean;
}

export const TRANSITIONS: readonly Transition[] = [
  {
    from: 'debit',
    on: 'acknowledged',
    to: 'credit',
    writes:
      "the debit's answer, the credit row (its id follows from the debit's) and a jackpot credit row for each tier the opening won",
    next: 'credit',
    durable: false,
  },
  {
    from: 'debit',
    on: 'rejected',
    to: 'cancelled',
    writes:
      "the debit's rejection; the round cancelled with the wallet's reason; the session's state put back",
    next: null,
    durable: true,
  },
  {
    from: 'debit',
    on: 'failed',
    to: 'rollback',
    writes: "the debit's failure and the rollback row, due at once; the session's state put back",
    next: 'rollback',
    durable: true,
  },
  {
    from: 'credit',
    on: 'acknowledged',
    to: 'settled',
    writes: "the credit's answer; the round settled",
    next: null,
    durable: false,
  },
  {
    from: 'credit',
    on: 'rejected',
    to: 'credit',
    writes: "the attempt; the credit's next attempt after backoff, or parked for staff after giveUpAfterMs",
    next: 'credit',
    durable: false,
  },
  {
    from: 'credit',
    on: 'failed',
    to: 'credit',
    writes: "the attempt; the credit's next attempt after backoff, or parked for staff after giveUpAfterMs",
    next: 'credit',
    durable: false,
  },
  {
    from: 'rollback',
    on: 'acknowledged',
    to: 'cancelled',
    writes: "the rollback's answer; the round cancelled",
    next: null,
    durable: false,
  },
  {
    from: 'rollback',
    on: 'rejected',
    to: 'rollback',
    writes: "the attempt; the rollback's next attempt after backoff, or parked for staff after giveUpAfterMs",
    next: 'rollback',
    durable: false,
  },
  {
    from: 'rollback',
    on: 'failed',
    to: 'rollback',
    writes: "the attempt; the rollback's next attempt after backoff, or parked for staff after giveUpAfterMs",
    next: 'rollback',
    durable: false,
  },
  {
    from: 'jackpot',
    on: 'acknowledged',
    to: 'paid',
    writes: "the jackpot credit's answer (the round is not touched)",
    next: null,
    durable: false,
  },
  {
    from: 'jackpot',
    on: 'rejected',
    to: 'jackpot',
    writes:
      "the attempt; the jackpot credit's next attempt after backoff, or parked for staff after giveUpAfterMs",
    next: 'jackpot',
    durable: false,
  },
  {
    from: 'jackpot',
    on: 'failed',
    to: 'jackpot',
    writes:
      "the attempt; the jackpot credit's next attempt after backoff, or parked for staff after giveUpAfterMs",
    next: 'jackpot',
    durable: false,
  },
];

/** The move for an answer to a call: exactly one row of the table (its test checks that). */
export function transition(from: CallType, on: CallAnswer): Transition {
  const row = TRANSITIONS.find((candidate) => candidate.from === from && candidate.on === on);
  if (!row) throw new Error(`no transition from ${from} on ${on}`);
  return row;
}

/** What the retry worker does with a round found in a stage whose call nobody is making. */
export type Recovery =
  /** Send the same transaction again; the wallet answers a repeat idempotently. */
  | 'resend'
  /** Record the call as failed without an attempt, which writes its rollback (the debit's only). */
  | 'abandon'
  | 'none';

export interface RecoveryRule {
  /** The node that made the call is gone (its lease ran out) and the database kept every commit. */
  readonly leaseExpired: Recovery;
  /**
   * The database restarted since the round was opened: a commit made without waiting for the disk
   * may be lost, so a debit with no answer recorded may have been acknowledged and its credit sent.
   */
  readonly storeRestarted: Recovery;
  readonly why: string;
}

export const RECOVERY: Readonly<Record<RoundStage | JackpotStage, RecoveryRule>> = {
  debit: {
    leaseExpired: 'abandon',
    storeRestarted: 'resend',
    why:
      'a debit whose node died unanswered is rolled back, never sent again (DESIGN: a late debit would surprise the player); ' +
      'after a database restart its acknowledgement may be the commit that was lost while its credit went out, so the same ' +
      'debit is sent again to learn the answer (the wallet repeats the original one), and a credit follows under the same id',
  },
  credit: {
    leaseExpired: 'resend',
    storeRestarted: 'resend',
    why: 'the credit is sent again until acknowledged',
  },
  rollback: {
    leaseExpired: 'resend',
    storeRestarted: 'resend',
    why: 'the rollback is sent again until acknowledged',
  },
  jackpot: {
    leaseExpired: 'resend',
    storeRestarted: 'resend',
    why:
      'the jackpot credit is sent again until acknowledged, whether or not the player is still playing; ' +
      'its row is lost with an unflushed debit record only together with that record, and the debit re-driven ' +
      'after the restart writes it again under the same id',
  },
  paid: { leaseExpired: 'none', storeRestarted: 'none', why: 'finished' },
  settled: { leaseExpired: 'none', storeRestarted: 'none', why: 'finished' },
  cancelled: { leaseExpired: 'none', storeRestarted: 'none', why: 'finished' },
};

/** The table as docs/architecture.md shows it (its test keeps the two the same). */
export function transitionTableMarkdown(): string {
  return [
    '| stage | answer | to | writes | next call | flushed before the next call |',
    '|---|---|---|---|---|---|',
    ...TRANSITIONS.map(
      (row) =>
        `| ${row.from} | ${row.on} | ${row.to} | ${row.writes} | ${row.next ?? '—'} | ${row.durable ? 'yes' : 'no'} |`,
    ),
  ].join('\n');
}
