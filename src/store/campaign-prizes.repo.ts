// Campaign prizes on their way to the player (issue 29): claimed for one delivery attempt each
// under a lease (FOR UPDATE SKIP LOCKED, as wallet.repo.ts claims credits), every attempt recorded,
// the internal wallet's credit in one statement, staff's retry and resolve, and the operator's reads.
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';

export type PrizeStatus = 'pending' | 'acknowledged' | 'failed' | 'resolved';

/** A prize row with its campaign's kind (the callback's campaign_type). */
export interface PrizeRow {
  id: string;
  campaign_id: string;
  campaign_kind: 'tournament' | 'drop';
  source: 'place' | 'drop';
  place: number | null;
  drop_seq: number | null;
  operator_id: string;
  player_id: string;
  currency: string;
  kind: 'cash' | 'free_rounds';
  amount: bigint;
  free_rounds: { game: string; rounds: number; coin: string; bet_level: number } | null;
  free_round_grant_id: string | null;
  game_symbol: string;
  session_id: string;
  round_id: string | null;
  transaction_id: string;
  status: PrizeStatus;
  attempts: number;
  next_attempt_at: Date;
  give_up_at: Date | null;
  last_error: string | null;
  balance_after: bigint | null;
  resolution: string | null;
  created_at: Date;
  paid_at: Date | null;
}

export interface PrizeAttemptRow {
  request_id: string;
  started_at: Date;
  latency_ms: number;
  http_status: number | null;
  result: 'acknowledged' | 'rejected' | 'failed';
  error: string | null;
  response_body: string | null;
}

export interface PrizeFilter {
  campaignId?: string;
  playerId?: string;
  status?: PrizeStatus;
  /** Keyset: rows strictly older than this (created_at, id), newest first. */
  before?: { at: string; id: string };
}

/** The columns every read returns: the prize and its campaign's kind. */
const PRIZE = sql`p.id, p.campaign_id, c.kind as campaign_kind, p.source, p.place, p.drop_seq,
  p.operator_id, p.player_id, p.currency, p.kind, p.amount, p.free_rounds, p.free_round_grant_id,
  p.game_symbol, p.session_id, p.round_id, p.transaction_id, p.status, p.attempts,
  p.next_attempt_at, p.give_up_at, p.last_error, p.balance_after, p.resolution, p.created_at,
  p.paid_at`;

export function campaignPrizesRepo(db: Kysely<Database>) {
  return {
    /**
     * Claims up to `limit` due pending prizes for one attempt each: their lease moves `leaseMs`
     * ahead, so no other node takes them while the attempt is under way. A place prize is due only
     * once its campaign is frozen (its standings final); the first claim starts the `giveUpAfterMs`
     * clock unless the prize came with its own. Times are the services' clock (`now`), the one the
     * campaign service writes the prizes with.
     */
    async claimDue(now: Date, limit: number, leaseMs: number, giveUpAfterMs: number): Promise<PrizeRow[]> {
      const result = await sql<PrizeRow>`
        with claimed as (
          update campaign_prizes
             set next_attempt_at = ${now}::timestamptz + make_interval(secs => ${leaseMs / 1000}),
                 leased_until = ${now}::timestamptz + make_interval(secs => ${leaseMs / 1000}),
                 attempts = attempts + 1,
                 give_up_at = coalesce(give_up_at,
                   ${now}::timestamptz + make_interval(secs => ${giveUpAfterMs / 1000}))
           where id in (
             select p.id from campaign_prizes p
               join campaigns c on c.id = p.campaign_id
              where p.status = 'pending' and p.next_attempt_at <= ${now}
                and (p.source <> 'place' or c.status = 'frozen')
              order by p.next_attempt_at
              limit ${limit}
              for update of p skip locked)
          returning *)
        select ${PRIZE} from claimed p join campaigns c on c.id = p.campaign_id`.execute(db);
      return result.rows.map(readPrize);
    },

    async recordAttempt(prizeId: string, attempt: PrizeAttemptRow): Promise<void> {
      await sql`
        insert into campaign_prize_attempts
          (prize_id, request_id, started_at, latency_ms, http_status, result, error, response_body)
        values (${prizeId}, ${attempt.request_id}, ${attempt.started_at}, ${attempt.latency_ms},
                ${attempt.http_status}, ${attempt.result}, ${attempt.error}, ${attempt.response_body})`.execute(
        db,
      );
    },

    /** The wallet acknowledged (or the grant was made): paid, once; false when no longer pending. */
    async acknowledge(
      prizeId: string,
      paid: { balanceAfter: bigint | null; grantId: string | null },
      now: Date,
    ): Promise<boolean> {
      const result = await sql`
        update campaign_prizes
           set status = 'acknowledged', balance_after = ${paid.balanceAfter}, leased_until = null,
               free_round_grant_id = coalesce(${paid.grantId}, free_round_grant_id),
               paid_at = ${now}, last_error = null
         where id = ${prizeId} and status = 'pending'`.execute(db);
      return result.numAffectedRows === 1n;
    },

    /**
     * An attempt that did not pay: the next one after `delayMs`, but never later than the prize's
     * give-up time; an attempt made at or after that time parks the prize for staff ('failed').
     */
    async retryLater(
      prizeId: string,
      error: string,
      delayMs: number,
      now: Date,
    ): Promise<PrizeStatus | undefined> {
      const result = await sql<{ status: PrizeStatus }>`
        update campaign_prizes
           set last_error = ${error.slice(0, 2000)}, leased_until = null,
               status = case when give_up_at is not null and give_up_at <= ${now}
                             then 'failed' else 'pending' end,
               next_attempt_at = least(${now}::timestamptz + make_interval(secs => ${delayMs / 1000}),
                                       coalesce(give_up_at, 'infinity'))
         where id = ${prizeId} and status = 'pending'
        returning status`.execute(db);
      return result.rows[0]?.status;
    },

    /**
     * The internal wallet's credit and the prize's acknowledgement in one statement: the row lock
     * taken first makes a second caller wait, then find the prize no longer pending and credit
     * nothing. Answers the balance after the credit, or undefined when it was not pending.
     */
    async creditInternal(prizeId: string, now: Date): Promise<bigint | undefined> {
      const result = await sql<{ balance_after: string }>`
        with prize as (
          select id, operator_id, player_id, currency, amount from campaign_prizes
           where id = ${prizeId} and status = 'pending' and kind = 'cash'
           for update),
        credited as (
          insert into wallet_balances (operator_id, player_id, currency, balance)
          select operator_id, player_id, currency, amount from prize
          on conflict (operator_id, player_id, currency)
            do update set balance = wallet_balances.balance + excluded.balance, updated_at = now()
          returning balance)
        update campaign_prizes p
           set status = 'acknowledged', balance_after = credited.balance, leased_until = null,
               paid_at = ${now}, last_error = null
          from credited, prize
         where p.id = prize.id
        returning p.balance_after::text as balance_after`.execute(db);
      const row = result.rows[0];
      return row ? BigInt(row.balance_after) : undefined;
    },

    /**
     * Staff: a parked (or waiting) prize due now again, with a fresh `giveUpAfterMs`. Never one
     * an attempt is under way for (its lease, leased_until, not yet over): the wallet may be paying
     * it this moment.
     */
    async requeue(prizeId: string, giveUpAfterMs: number, now: Date): Promise<boolean> {
      const result = await sql`
        update campaign_prizes
           set status = 'pending', next_attempt_at = ${now},
               give_up_at = ${now}::timestamptz + make_interval(secs => ${giveUpAfterMs / 1000})
         where id = ${prizeId} and status in ('failed', 'pending')
           and (leased_until is null or leased_until <= ${now})`.execute(db);
      return result.numAffectedRows === 1n;
    },

    /**
     * Staff settled a parked (or waiting) prize by hand with the operator: closed with their note.
     * Never while an attempt is under way (see requeue): that one could pay it a second time.
     */
    async resolveByHand(prizeId: string, note: string, now: Date): Promise<boolean> {
      const result = await sql`
        update campaign_prizes set status = 'resolved', resolution = ${note}, paid_at = ${now}
         where id = ${prizeId} and status in ('failed', 'pending')
           and (leased_until is null or leased_until <= ${now})`.execute(db);
      return result.numAffectedRows === 1n;
    },

    /** One prize; with `operatorId`, only that operator's (another's reads as not found). */
    async find(prizeId: string, operatorId?: string): Promise<PrizeRow | undefined> {
      const owner = operatorId === undefined ? sql`` : sql`and p.operator_id = ${operatorId}`;
      const result = await sql<PrizeRow>`
        select ${PRIZE} from campaign_prizes p join campaigns c on c.id = p.campaign_id
         where p.id = ${prizeId} ${owner}`.execute(db);
      const row = result.rows[0];
      return row ? readPrize(row) : undefined;
    },

    /** An operator's prizes, newest first, a page of `limit` (with the cursor of the next page). */
    async list(
      operatorId: string,
      filter: PrizeFilter,
      limit: number,
    ): Promise<{ rows: PrizeRow[]; next: { at: string; id: string } | null }> {
      const where = [sql`p.operator_id = ${operatorId}`];
      if (filter.campaignId !== undefined) where.push(sql`p.campaign_id = ${filter.campaignId}`);
      if (filter.playerId !== undefined) where.push(sql`p.player_id = ${filter.playerId}`);
      if (filter.status !== undefined) where.push(sql`p.status = ${filter.status}`);
      if (filter.before)
        where.push(sql`(p.created_at, p.id) < (${filter.before.at}::timestamptz, ${filter.before.id})`);
      const result = await sql<PrizeRow & { cursor_at: string }>`
        select ${PRIZE}, p.created_at::text as cursor_at
          from campaign_prizes p join campaigns c on c.id = p.campaign_id
         where ${sql.join(where, sql` and `)}
         order by p.created_at desc, p.id desc
         limit ${limit + 1}`.execute(db);
      const rows = result.rows.slice(0, limit);
      const last = rows.at(-1);
      const next = result.rows.length > limit && last ? { at: last.cursor_at, id: last.id } : null;
      return { rows: rows.map(({ cursor_at: _cursor, ...row }) => readPrize(row)), next };
    },

    /** Staff: prizes waiting for a retry (pending) or parked (failed), oldest first. */
    async withStatus(status: 'pending' | 'failed', limit: number): Promise<PrizeRow[]> {
      const result = await sql<PrizeRow>`
        select ${PRIZE} from campaign_prizes p join campaigns c on c.id = p.campaign_id
         where p.status = ${status}
         order by p.created_at, p.id
         limit ${limit}`.execute(db);
      return result.rows.map(readPrize);
    },

    async attemptsOf(prizeId: string): Promise<PrizeAttemptRow[]> {
      const result = await sql<PrizeAttemptRow>`
        select request_id, started_at, latency_ms, http_status, result, error, response_body
          from campaign_prize_attempts where prize_id = ${prizeId} order by id`.execute(db);
      return result.rows;
    },
  };
}

export type CampaignPrizesRepo = ReturnType<typeof campaignPrizesRepo>;

/** bigint columns come back as text from the raw queries: read them exactly. */
function readPrize(row: PrizeRow): PrizeRow {
  return {
    ...row,
    amount: BigInt(row.amount),
    balance_after: row.balance_after === null ? null : BigInt(row.balance_after),
  };
}
