// Tournaments and prize drops (issue 29; migration 027): the campaigns staff create, the operators
// they invite and who opted in, players' entries, a drop's committed points and the rounds that took
// them, the frozen standings with their prizes, and the rounds a score is recomputed from.
import { type Kysely, sql } from 'kysely';
import { big } from './jackpots.repo.ts';
import type { Database } from './schema.ts';

export interface CampaignRow {
  id: string;
  kind: 'tournament' | 'drop';
  name: string;
  scope: 'operator' | 'network';
  owner_operator_id: string | null;
  currency: string;
  games: string[];
  starts_at: Date;
  ends_at: Date;
  min_bet: bigint;
  scoring: 'max_multiplier' | 'best_n_ratio' | 'total_bet' | 'qualifying_rounds' | null;
  best_n: number | null;
  opt_in_required: boolean;
  prizes: unknown;
  pool_amount: bigint;
  budget: bigint;
  status: 'pending' | 'scheduled' | 'frozen' | 'cancelled';
  drop_commit: string | null;
  drop_salt: string | null;
  created_by: string;
  approved_by: string | null;
  created_at: Date;
  approved_at: Date | null;
  frozen_at: Date | null;
}

export interface MemberRow {
  campaign_id: string;
  operator_id: string;
  invited_at: Date;
  joined_at: Date | null;
  left_at: Date | null;
}

export interface RateRow {
  campaign_id: string;
  currency: string;
  rate: string;
}

/** A round the recompute folds: a money round of a member operator, in a campaign game and period. */
export interface CampaignRoundRow {
  id: string;
  seq: bigint;
  operator_id: string;
  player_id: string;
  session_id: string;
  game_symbol: string;
  currency: string;
  created_at: Date;
  stake: bigint;
  win: bigint;
  jurisdiction_code: string | null;
}

export interface DropPointRow {
  campaign_id: string;
  seq: number;
  at: Date;
  prize: unknown;
  round_id: string | null;
  operator_id: string | null;
  player_id: string | null;
  landed_at: Date | null;
}

export interface StandingRow {
  campaign_id: string;
  place: number;
  operator_id: string;
  player_id: string;
  score: string;
  score_at: Date;
  rounds: number;
}

export interface PrizeRow {
  id: string;
  campaign_id: string;
  source: 'place' | 'drop';
  place: number | null;
  drop_seq: number | null;
  operator_id: string;
  player_id: string;
  currency: string;
  kind: 'cash' | 'free_rounds';
  amount: bigint;
  base_amount: bigint;
  free_rounds: unknown;
  free_round_grant_id: string | null;
  game_symbol: string;
  session_id: string;
  round_id: string | null;
  transaction_id: string;
  status: 'pending' | 'acknowledged' | 'failed' | 'resolved';
  created_at: Date;
  paid_at: Date | null;
}

export type NewPrize = Omit<PrizeRow, 'status' | 'created_at' | 'paid_at' | 'free_round_grant_id'>;

export interface NewCampaign {
  row: Omit<
    CampaignRow,
    'status' | 'approved_by' | 'approved_at' | 'frozen_at' | 'drop_commit' | 'drop_salt'
  >;
  operators: string[];
  rates: Array<{ currency: string; rate: string }>;
}

export interface FlagRow {
  campaign_id: string;
  operator_id: string;
  player_id: string;
  reason: string;
  detail: unknown;
  flagged_at: Date;
}

function campaignRow(row: Record<string, unknown>): CampaignRow {
  return {
    ...(row as unknown as CampaignRow),
    min_bet: big(row.min_bet),
    pool_amount: big(row.pool_amount),
    budget: big(row.budget),
    best_n: row.best_n === null ? null : Number(row.best_n),
  };
}

function prizeRow(row: Record<string, unknown>): PrizeRow {
  return {
    ...(row as unknown as PrizeRow),
    amount: big(row.amount),
    base_amount: big(row.base_amount),
    place: row.place === null ? null : Number(row.place),
    drop_seq: row.drop_seq === null ? null : Number(row.drop_seq),
  };
}

const ROUND_PAGE = 5000;

export function campaignsRepo(db: Kysely<Database>) {
  async function insertPrize(trx: Kysely<Database>, prize: NewPrize, now: Date): Promise<void> {
    await sql`insert into campaign_prizes (id, campaign_id, source, place, drop_seq, operator_id, player_id, currency,
        kind, amount, base_amount, free_rounds, game_symbol, session_id, round_id, transaction_id, created_at,
        next_attempt_at)
      values (${prize.id}, ${prize.campaign_id}, ${prize.source}, ${prize.place}, ${prize.drop_seq}, ${prize.operator_id},
        ${prize.player_id}, ${prize.currency}, ${prize.kind}, ${prize.amount.toString()}, ${prize.base_amount.toString()},
        ${prize.free_rounds === null ? null : JSON.stringify(prize.free_rounds)}::jsonb, ${prize.game_symbol},
        ${prize.session_id}, ${prize.round_id}, ${prize.transaction_id}, ${now}, ${now})`.execute(trx);
  }

  return {
    async create(campaign: NewCampaign): Promise<void> {
      const { row } = campaign;
      await db.transaction().execute(async (trx) => {
        await sql`insert into campaigns (id, kind, name, scope, owner_operator_id, currency, games, starts_at, ends_at,
            min_bet, scoring, best_n, opt_in_required, prizes, pool_amount, budget, created_by, created_at)
          values (${row.id}, ${row.kind}, ${row.name}, ${row.scope}, ${row.owner_operator_id}, ${row.currency},
            ${row.games}::text[], ${row.starts_at}, ${row.ends_at}, ${row.min_bet.toString()}, ${row.scoring},
            ${row.best_n}, ${row.opt_in_required}, ${JSON.stringify(row.prizes)}::jsonb, ${row.pool_amount.toString()},
            ${row.budget.toString()}, ${row.created_by}, ${row.created_at})`.execute(trx);
        for (const operatorId of campaign.operators) {
          // An operator campaign's owner is in from the start; a network's operators opt in.
          const joined = row.scope === 'operator' ? row.created_at : null;
          await sql`insert into campaign_members (campaign_id, operator_id, invited_at, joined_at)
            values (${row.id}, ${operatorId}, ${row.created_at}, ${joined})`.execute(trx);
        }
        for (const rate of campaign.rates) {
          await sql`insert into campaign_rates (campaign_id, currency, rate)
            values (${row.id}, ${rate.currency}, ${rate.rate})`.execute(trx);
        }
      });
    },

    /** pending → scheduled, with a drop's points; false when it was not pending (or not before start). */
    async approve(
      id: string,
      by: string,
      now: Date,
      schedule: {
        points: Array<{ seq: number; at: Date; prize: unknown }>;
        salt: string;
        commit: string;
      } | null,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const { rows } =
          await sql`update campaigns set status = 'scheduled', approved_by = ${by}, approved_at = ${now},
            drop_commit = ${schedule?.commit ?? null}, drop_salt = ${schedule?.salt ?? null}
          where id = ${id} and status = 'pending' and starts_at > ${now} returning id`.execute(trx);
        if (rows.length === 0) return false;
        for (const point of schedule?.points ?? []) {
          await sql`insert into campaign_drop_points (campaign_id, seq, at, prize)
            values (${id}, ${point.seq}, ${point.at}, ${JSON.stringify(point.prize)}::jsonb)`.execute(trx);
        }
        return true;
      });
    },

    async cancel(id: string, now: Date): Promise<boolean> {
      const { rows } = await sql`update campaigns set status = 'cancelled', cancelled_at = ${now}
        where id = ${id} and status in ('pending', 'scheduled') returning id`.execute(db);
      return rows.length > 0;
    },

    async find(id: string): Promise<CampaignRow | undefined> {
      const { rows } = await sql<Record<string, unknown>>`select * from campaigns where id = ${id}`.execute(
        db,
      );
      return rows[0] ? campaignRow(rows[0]) : undefined;
    },

    async list(): Promise<CampaignRow[]> {
      const { rows } = await sql<Record<string, unknown>>`select * from campaigns
        order by created_at desc, id desc limit 500`.execute(db);
      return rows.map(campaignRow);
    },

    /** An operator's own campaigns and the network campaigns that invite it. */
    async forOperator(operatorId: string): Promise<CampaignRow[]> {
      const { rows } = await sql<Record<string, unknown>>`select c.* from campaigns c
        where c.status <> 'pending' and exists (select 1 from campaign_members m
          where m.campaign_id = c.id and m.operator_id = ${operatorId})
        order by c.starts_at desc, c.id desc limit 500`.execute(db);
      return rows.map(campaignRow);
    },

    /**
     * What the scorer and the games look at: campaigns scheduled to start within `horizonMs`, and
     * those frozen less than `afterMs` ago (their final standings and prizes still shown).
     */
    async live(now: Date, horizonMs: number, afterMs: number): Promise<CampaignRow[]> {
      const { rows } = await sql<Record<string, unknown>>`select * from campaigns
        where (status = 'scheduled' and starts_at <= ${new Date(now.getTime() + horizonMs)})
           or (status = 'frozen' and frozen_at > ${new Date(now.getTime() - afterMs)})`.execute(db);
      return rows.map(campaignRow);
    },

    /** Scheduled campaigns that ended before `before`: ready to be frozen. */
    async ended(before: Date): Promise<string[]> {
      const { rows } = await sql<{ id: string }>`select id from campaigns
        where status = 'scheduled' and ends_at < ${before} order by ends_at limit 20`.execute(db);
      return rows.map((row) => row.id);
    },

    async members(ids: readonly string[]): Promise<MemberRow[]> {
      if (ids.length === 0) return [];
      const { rows } = await sql<MemberRow>`select * from campaign_members
        where campaign_id = any(${[...ids]}::text[]) order by campaign_id, operator_id`.execute(db);
      return rows;
    },

    async rates(ids: readonly string[]): Promise<RateRow[]> {
      if (ids.length === 0) return [];
      const { rows } = await sql<RateRow>`select * from campaign_rates
        where campaign_id = any(${[...ids]}::text[])`.execute(db);
      return rows;
    },

    /** An invited operator joins (or, before the start, leaves); false when it is not invited. */
    async setMember(id: string, operatorId: string, join: boolean, now: Date): Promise<boolean> {
      const { rows } = join
        ? await sql`update campaign_members set joined_at = coalesce(joined_at, ${now}), left_at = null
            where campaign_id = ${id} and operator_id = ${operatorId} returning operator_id`.execute(db)
        : await sql`update campaign_members set left_at = ${now}
            where campaign_id = ${id} and operator_id = ${operatorId} returning operator_id`.execute(db);
      return rows.length > 0;
    },

    /** A player opts in (once: a repeat keeps the first time). */
    async enter(id: string, operatorId: string, playerId: string, now: Date): Promise<Date> {
      const { rows } = await sql<{
        opted_in_at: Date;
      }>`insert into campaign_entries (campaign_id, operator_id, player_id, opted_in_at)
        values (${id}, ${operatorId}, ${playerId}, ${now})
        on conflict (campaign_id, operator_id, player_id) do update set opted_in_at = campaign_entries.opted_in_at
        returning opted_in_at`.execute(db);
      return (rows[0] as { opted_in_at: Date }).opted_in_at;
    },

    async entriesOf(
      id: string,
    ): Promise<Array<{ operator_id: string; player_id: string; opted_in_at: Date }>> {
      const { rows } = await sql<{ operator_id: string; player_id: string; opted_in_at: Date }>`
        select operator_id, player_id, opted_in_at from campaign_entries where campaign_id = ${id}`.execute(
        db,
      );
      return rows;
    },

    /** The entries of these players (those who opted in), in one read. */
    async entriesFor(
      id: string,
      players: ReadonlyArray<{ operatorId: string; playerId: string }>,
    ): Promise<Array<{ operator_id: string; player_id: string; opted_in_at: Date }>> {
      if (players.length === 0) return [];
      const { rows } = await sql<{ operator_id: string; player_id: string; opted_in_at: Date }>`
        select operator_id, player_id, opted_in_at from campaign_entries
         where campaign_id = ${id} and (operator_id, player_id) in (
           select * from unnest(${players.map((p) => p.operatorId)}::text[], ${players.map((p) => p.playerId)}::text[]))`.execute(
        db,
      );
      return rows;
    },

    async entryOf(id: string, operatorId: string, playerId: string): Promise<Date | null> {
      const { rows } = await sql<{ opted_in_at: Date }>`select opted_in_at from campaign_entries
        where campaign_id = ${id} and operator_id = ${operatorId} and player_id = ${playerId}`.execute(db);
      return rows[0]?.opted_in_at ?? null;
    },

    /**
     * The money rounds a campaign's scores are folded from, in time order, a page at a time: rounds
     * of its member operators in its games and period, paid (not a free round), whose debit the wallet
     * took (settled, or waiting only for the credit's acknowledgement). Demo rounds live elsewhere.
     */
    async *rounds(campaign: CampaignRow, until: Date, since?: Date): AsyncGenerator<CampaignRoundRow[]> {
      let after: { at: Date; seq: string } | null = null;
      const end = until < campaign.ends_at ? until : campaign.ends_at;
      const from = since && since > campaign.starts_at ? since : campaign.starts_at;
      for (;;) {
        const cursor: { at: Date; seq: string } | null = after;
        const { rows } = await sql<Record<string, unknown>>`
          select r.id, r.seq, r.operator_id, r.player_id, r.session_id, r.game_symbol, r.currency, r.created_at,
            r.stake, r.win, r.jurisdiction_code
          from rounds r
          join campaign_members m on m.campaign_id = ${campaign.id} and m.operator_id = r.operator_id
          where r.game_symbol = any(${campaign.games}::text[])
            and r.created_at >= ${from} and r.created_at < ${end}
            and m.joined_at is not null and r.created_at >= m.joined_at
            and (m.left_at is null or r.created_at < m.left_at)
            and r.free_round_grant_id is null and r.stake > 0
            and (r.status = 'settled' or r.stage = 'credit')
            ${cursor ? sql`and (r.created_at, r.seq) > (${cursor.at}, ${cursor.seq}::bigint)` : sql``}
          order by r.created_at, r.seq
          limit ${ROUND_PAGE}`.execute(db);
        if (rows.length === 0) return;
        const page = rows.map(
          (row): CampaignRoundRow => ({
            ...(row as unknown as CampaignRoundRow),
            seq: big(row.seq),
            stake: big(row.stake),
            win: big(row.win),
          }),
        );
        yield page;
        if (rows.length < ROUND_PAGE) return;
        const last = page[page.length - 1] as CampaignRoundRow;
        after = { at: last.created_at, seq: last.seq.toString() };
      }
    },

    /** The earliest point not yet taken of each drop campaign given. */
    async nextDrops(ids: readonly string[]): Promise<Map<string, Date>> {
      if (ids.length === 0) return new Map();
      const { rows } = await sql<{ campaign_id: string; at: Date }>`select campaign_id, min(at) as at
        from campaign_drop_points where campaign_id = any(${[...ids]}::text[]) and round_id is null
        group by campaign_id`.execute(db);
      return new Map(rows.map((row) => [row.campaign_id, row.at]));
    },

    /**
     * The earliest due point not yet taken goes to this round, with its prize, in one transaction;
     * null when none is due (or another node is taking it: SKIP LOCKED).
     */
    async takeDrop(
      id: string,
      round: { id: string; operatorId: string; playerId: string; at: Date },
      /** The prize this round would take at the point; null leaves the point for the next round. */
      prizeOf: (point: { seq: number; prize: unknown }) => NewPrize | null,
      now: Date,
    ): Promise<{ seq: number; prize: NewPrize } | null> {
      return db.transaction().execute(async (trx) => {
        // A campaign cancelled (or frozen) since the node's view of it was read takes no more drops.
        const live =
          await sql`select 1 from campaigns where id = ${id} and status = 'scheduled' for share`.execute(trx);
        if (live.rows.length === 0) return null;
        const { rows } = await sql<{
          seq: number;
          prize: unknown;
        }>`select seq, prize from campaign_drop_points
          where campaign_id = ${id} and round_id is null and at <= ${round.at}
          order by at, seq limit 1 for update skip locked`.execute(trx);
        const point = rows[0];
        if (!point) return null;
        const prize = prizeOf(point);
        if (!prize) return null;
        const taken =
          await sql`update campaign_drop_points set round_id = ${round.id}, operator_id = ${round.operatorId},
            player_id = ${round.playerId}, landed_at = ${now}
          where campaign_id = ${id} and seq = ${point.seq}
            and not exists (select 1 from campaign_drop_points p where p.round_id = ${round.id})
          returning seq`.execute(trx);
        if (taken.rows.length === 0) return null;
        await insertPrize(trx, prize, now);
        return { seq: point.seq, prize };
      });
    },

    async dropPoints(id: string): Promise<DropPointRow[]> {
      const { rows } = await sql<DropPointRow>`select * from campaign_drop_points where campaign_id = ${id}
        order by seq`.execute(db);
      return rows;
    },

    /**
     * Freezes a campaign: its final standings and their prizes (and its flags) written and the status
     * frozen, in one transaction, once (a second node finds it frozen and writes nothing).
     */
    async freeze(
      id: string,
      standings: ReadonlyArray<Omit<StandingRow, 'campaign_id' | 'score'> & { score: number }>,
      prizes: readonly NewPrize[],
      flags: ReadonlyArray<Omit<FlagRow, 'campaign_id' | 'flagged_at'>>,
      now: Date,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const { rows } =
          await sql`select id from campaigns where id = ${id} and status = 'scheduled' for update skip locked`.execute(
            trx,
          );
        if (rows.length === 0) return false;
        for (let i = 0; i < standings.length; i += 1000) {
          const chunk = standings.slice(i, i + 1000);
          await sql`insert into campaign_standings (campaign_id, place, operator_id, player_id, score, score_at, rounds)
            select ${id}, s.place, s.operator_id, s.player_id, s.score, s.score_at, s.rounds
            from jsonb_to_recordset(${JSON.stringify(
              chunk.map((standing) => ({ ...standing, score: standing.score.toString() })),
            )}::jsonb) as s(place int, operator_id text, player_id text, score numeric, score_at timestamptz, rounds int)`.execute(
            trx,
          );
        }
        for (const prize of prizes) await insertPrize(trx, prize, now);
        for (const flag of flags) {
          await sql`insert into campaign_flags (campaign_id, operator_id, player_id, reason, detail, flagged_at)
            values (${id}, ${flag.operator_id}, ${flag.player_id}, ${flag.reason}, ${JSON.stringify(flag.detail)}::jsonb, ${now})
            on conflict do nothing`.execute(trx);
        }
        await sql`update campaigns set status = 'frozen', frozen_at = ${now} where id = ${id}`.execute(trx);
        return true;
      });
    },

    async standings(id: string, limit: number): Promise<StandingRow[]> {
      const { rows } = await sql<StandingRow>`select * from campaign_standings where campaign_id = ${id}
        order by place limit ${limit}`.execute(db);
      return rows;
    },

    async standingOf(id: string, operatorId: string, playerId: string): Promise<StandingRow | undefined> {
      const { rows } = await sql<StandingRow>`select * from campaign_standings where campaign_id = ${id}
        and operator_id = ${operatorId} and player_id = ${playerId}`.execute(db);
      return rows[0];
    },

    async standingsCount(id: string): Promise<number> {
      const { rows } = await sql<{ n: string }>`select count(*) as n from campaign_standings
        where campaign_id = ${id}`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    async prizes(filter: {
      operatorId?: string | null;
      campaignId?: string;
      playerId?: string;
      limit?: number;
    }): Promise<PrizeRow[]> {
      const { rows } = await sql<Record<string, unknown>>`select * from campaign_prizes
        where true
          ${filter.operatorId ? sql`and operator_id = ${filter.operatorId}` : sql``}
          ${filter.campaignId ? sql`and campaign_id = ${filter.campaignId}` : sql``}
          ${filter.playerId ? sql`and player_id = ${filter.playerId}` : sql``}
        order by created_at desc, id desc limit ${filter.limit ?? 500}`.execute(db);
      return rows.map(prizeRow);
    },

    async flags(id: string): Promise<FlagRow[]> {
      const { rows } = await sql<FlagRow>`select * from campaign_flags where campaign_id = ${id}
        order by flagged_at, operator_id, player_id`.execute(db);
      return rows;
    },

    async addFlags(
      id: string,
      flags: ReadonlyArray<Omit<FlagRow, 'campaign_id' | 'flagged_at'>>,
      now: Date,
    ): Promise<void> {
      for (const flag of flags) {
        await sql`insert into campaign_flags (campaign_id, operator_id, player_id, reason, detail, flagged_at)
          values (${id}, ${flag.operator_id}, ${flag.player_id}, ${flag.reason}, ${JSON.stringify(flag.detail)}::jsonb, ${now})
          on conflict (campaign_id, operator_id, player_id, reason) do update set detail = excluded.detail`.execute(
          db,
        );
      }
    },
  };
}

export type CampaignsRepo = ReturnType<typeof campaignsRepo>;
