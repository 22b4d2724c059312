// Campaign and prize rows written straight into the store, as the campaign service writes them when
// a drop lands or a tournament is frozen: the prize worker's tests start from the rows it pays.
import { randomBytes } from 'node:crypto';
import type { TestServer } from '../helpers/server.ts';

const suffix = () => randomBytes(6).toString('hex');

export async function insertCampaign(
  server: TestServer,
  fields: {
    operatorId: string;
    kind?: 'tournament' | 'drop';
    status?: 'scheduled' | 'frozen' | 'cancelled';
    currency?: string;
  },
): Promise<string> {
  const id = `cmp_test${suffix()}`;
  const kind = fields.kind ?? 'tournament';
  await server.store.pool.query(
    `insert into campaigns (id, kind, name, scope, owner_operator_id, currency, games, starts_at, ends_at,
                            min_bet, scoring, prizes, budget, status, created_by, frozen_at)
     values ($1, $2, 'Test campaign', 'operator', $3, $4, '{rf_ember_crown}', now() - interval '2 days',
             now() - interval '1 day', 50, $5, '{"places":[]}', 100000, $6, 'test',
             case when $6 = 'frozen' then now() end)`,
    [
      id,
      kind,
      fields.operatorId,
      fields.currency ?? 'USD',
      kind === 'tournament' ? 'max_multiplier' : null,
      fields.status ?? 'frozen',
    ],
  );
  return id;
}

let places = 0;

export async function insertPrize(
  server: TestServer,
  fields: {
    campaignId: string;
    operatorId: string;
    playerId: string;
    amount?: bigint;
    currency?: string;
    source?: 'place' | 'drop';
    freeRounds?: { game: string; rounds: number; coin: string; bet_level: number };
    /** Seconds from now of the first attempt (default: due now). */
    dueInSeconds?: number;
    /** When it was won (default: now). */
    createdAt?: Date;
    /** Written as already delivered or parked (default: pending, to be delivered). */
    status?: 'pending' | 'acknowledged' | 'failed' | 'resolved';
  },
): Promise<{ id: string; transactionId: string; sessionId: string }> {
  const id = `prz_test${suffix()}`;
  const transactionId = `tx_test${suffix()}`;
  // an ended session: prizes are paid long after the player's last scoring round
  const sessionId = `ses_ended${suffix()}`;
  const source = fields.source ?? 'place';
  places += 1;
  // Due from the millisecond: a worker compares with its own clock, a Date of whole milliseconds,
  // and now()'s microseconds could put a prize due "now" just after a pass begun in the same
  // millisecond (a pass that claimed nothing failed a test once in a few hundred runs).
  await server.store.pool.query(
    `insert into campaign_prizes (id, campaign_id, source, place, drop_seq, operator_id, player_id, currency,
                                  kind, amount, base_amount, free_rounds, game_symbol, session_id,
                                  transaction_id, next_attempt_at, created_at, status, paid_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, 'rf_ember_crown', $12, $13,
             date_trunc('milliseconds', now()) + make_interval(secs => $14), coalesce($15, now()), $16,
             case when $16 in ('acknowledged', 'resolved') then now() end)`,
    [
      id,
      fields.campaignId,
      source,
      source === 'place' ? places : null,
      source === 'drop' ? places : null,
      fields.operatorId,
      fields.playerId,
      fields.currency ?? 'USD',
      fields.freeRounds ? 'free_rounds' : 'cash',
      String(fields.freeRounds ? 0n : (fields.amount ?? 0n)),
      fields.freeRounds ? JSON.stringify(fields.freeRounds) : null,
      sessionId,
      transactionId,
      fields.dueInSeconds ?? 0,
      fields.createdAt ?? null,
      fields.status ?? 'pending',
    ],
  );
  return { id, transactionId, sessionId };
}

export async function prizeRow(server: TestServer, prizeId: string) {
  const { rows } = await server.store.pool.query(`select * from campaign_prizes where id = $1`, [prizeId]);
  if (!rows[0]) throw new Error(`no prize ${prizeId}`);
  return rows[0] as {
    status: string;
    attempts: number;
    balance_after: bigint | null;
    free_round_grant_id: string | null;
    last_error: string | null;
    paid_at: Date | null;
    resolution: string | null;
  };
}

export async function attemptCount(server: TestServer, prizeId: string): Promise<number> {
  const { rows } = await server.store.pool.query(
    `select count(*)::int as n from campaign_prize_attempts where prize_id = $1`,
    [prizeId],
  );
  return rows[0].n;
}
