// Staff changes to jackpot pools (issue 28, NJ 13:69E-1.39A/C; migration 026): staged tier
// parameters (applied from the tier's next cycle by functions/rf_jackpot_apply_tier_change.sql),
// rates, member games and closing, each written with its public 'parameters' ledger entry in one
// transaction; and what the admin meters add to the shared ones: wins paid, history.
import { type Kysely, sql, type Transaction } from 'kysely';
import { big, bigOrNull } from './jackpots.repo.ts';
import type { Database } from './schema.ts';

/** A tier's parameters as stored (minor units of the pool currency; rates in parts per million). */
export interface StoredTierParams {
  seed: bigint;
  contribution_ppm: bigint;
  reserve_ppm: bigint;
  ceiling: bigint | null;
  odds_stake: bigint | null;
  deadline_minute: number | null;
}

export interface TierChangeRow extends StoredTierParams {
  id: string;
  pool_id: string;
  tier_id: string;
  from_cycle: bigint;
  set_by: string;
  set_at: Date;
  status: 'staged' | 'applied' | 'superseded';
  applied_cycle: bigint | null;
  applied_at: Date | null;
}

export interface ParameterEntry {
  /** Its place in the public ledger; null while the sealer has not chained it yet (about a second). */
  seq: bigint | null;
  at: Date;
  body: Record<string, unknown>;
}

function changeRow(row: Record<string, unknown>): TierChangeRow {
  return {
    id: row.id as string,
    pool_id: row.pool_id as string,
    tier_id: row.tier_id as string,
    from_cycle: big(row.from_cycle),
    seed: big(row.seed),
    contribution_ppm: big(row.contribution_ppm),
    reserve_ppm: big(row.reserve_ppm),
    ceiling: bigOrNull(row.ceiling),
    odds_stake: bigOrNull(row.odds_stake),
    deadline_minute: row.deadline_minute === null ? null : Number(row.deadline_minute),
    set_by: row.set_by as string,
    set_at: row.set_at as Date,
    status: row.status as TierChangeRow['status'],
    applied_cycle: bigOrNull(row.applied_cycle),
    applied_at: (row.applied_at as Date | null) ?? null,
  };
}

async function publish(
  trx: Transaction<Database>,
  poolId: string,
  body: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await sql`insert into jackpot_pending (pool_id, kind, body_text, created_at)
    values (${poolId}, 'parameters', ${JSON.stringify(body)}::jsonb, ${now})`.execute(trx);
}

export function jackpotAdminRepo(db: Kysely<Database>) {
  return {
    /** Which of `ids` are operators (a member naming another is refused before any insert). */
    async existingOperators(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const { rows } = await sql<{ id: string }>`
        select id from operators where id = any(${[...ids]}::text[])`.execute(db);
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Stages a tier's parameters for its next cycle (replacing one staged before), with its ledger
     * entry. The tier row is not locked: a round that wins meanwhile must not be voided by staff
     * (rf_jackpot_feed claims with SKIP LOCKED); the change then applies at the reset after, and
     * `applied_cycle` says which cycle it reached.
     */
    async stageTierChange(
      change: Omit<TierChangeRow, 'status' | 'applied_cycle' | 'applied_at'>,
      entry: Record<string, unknown>,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await sql`update jackpot_tier_changes set status = 'superseded'
          where tier_id = ${change.tier_id} and status = 'staged'`.execute(trx);
        await sql`insert into jackpot_tier_changes (id, pool_id, tier_id, from_cycle, seed, contribution_ppm,
            reserve_ppm, ceiling, odds_stake, deadline_minute, set_by, set_at)
          values (${change.id}, ${change.pool_id}, ${change.tier_id}, ${change.from_cycle.toString()},
            ${change.seed.toString()}, ${change.contribution_ppm.toString()}, ${change.reserve_ppm.toString()},
            ${change.ceiling?.toString() ?? null}, ${change.odds_stake?.toString() ?? null},
            ${change.deadline_minute}, ${change.set_by}, ${change.set_at})`.execute(trx);
        await publish(trx, change.pool_id, entry, change.set_at);
      });
    },

    /** The changes waiting for their tier's next cycle. */
    async stagedChanges(poolIds: readonly string[]): Promise<TierChangeRow[]> {
      if (poolIds.length === 0) return [];
      const { rows } = await sql<Record<string, unknown>>`
        select * from jackpot_tier_changes
          where pool_id = any(${[...poolIds]}::text[]) and status = 'staged'`.execute(db);
      return rows.map(changeRow);
    },

    async tierChanges(poolId: string, limit = 50): Promise<TierChangeRow[]> {
      const { rows } = await sql<Record<string, unknown>>`
        select * from jackpot_tier_changes where pool_id = ${poolId}
          order by set_at desc, id limit ${limit}`.execute(db);
      return rows.map(changeRow);
    },

    /** Σ of what wins took from each tier's meter (fine units of the pool currency), and their count. */
    async winsPaid(poolIds: readonly string[]): Promise<Map<string, bigint>> {
      if (poolIds.length === 0) return new Map();
      const { rows } = await sql<{ tier_id: string; consumed: string }>`
        select tier_id, sum(consumed_fine)::text as consumed from jackpot_wins
          where pool_id = any(${[...poolIds]}::text[]) and status = 'won' group by tier_id`.execute(db);
      return new Map(rows.map((row) => [row.tier_id, big(row.consumed)]));
    },

    /**
     * The pool's parameter entries, newest first, sealed or still pending; the drop-point
     * commitments the sealer publishes are left out (they are not changes).
     */
    async parameterHistory(poolId: string, limit = 20): Promise<ParameterEntry[]> {
      const { rows } = await sql<{ seq: string | null; at: Date; body: string }>`
        select * from (
          select null::bigint as seq, created_at as at, body_text as body, id as ord, 1 as pending
            from jackpot_pending where pool_id = ${poolId} and kind = 'parameters' and not (body_text::jsonb ? 'commitment')
          union all
          select seq, recorded_at, body, seq, 0 from jackpot_ledger
            where pool_id = ${poolId} and kind = 'parameters' and not (body::jsonb ? 'commitment')
        ) e order by pending desc, ord desc limit ${limit}`.execute(db);
      return rows.map((row) => {
        const {
          kind: _kind,
          round_id: _round,
          at: _at,
          ...body
        } = JSON.parse(row.body) as Record<string, unknown>;
        return { seq: row.seq === null ? null : big(row.seq), at: row.at, body };
      });
    },

    async members(poolId: string): Promise<Array<{ operator_id: string; game_symbol: string }>> {
      const { rows } = await sql<{ operator_id: string; game_symbol: string }>`
        select operator_id, game_symbol from jackpot_pool_members where pool_id = ${poolId}
          order by operator_id, game_symbol`.execute(db);
      return rows;
    },

    async rates(
      poolId: string,
    ): Promise<Array<{ currency: string; rate: string; set_by: string; set_at: Date }>> {
      const { rows } = await sql<{ currency: string; rate: string; set_by: string; set_at: Date }>`
        select currency, rate, set_by, set_at from jackpot_rates where pool_id = ${poolId}
          order by currency`.execute(db);
      return rows;
    },

    async setRate(poolId: string, currency: string, rate: string, by: string, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await sql`insert into jackpot_rates (pool_id, currency, rate, set_by, set_at)
          values (${poolId}, ${currency}, ${rate}, ${by}, ${now})
          on conflict (pool_id, currency) do update set rate = excluded.rate, set_by = excluded.set_by,
            set_at = excluded.set_at`.execute(trx);
        await publish(trx, poolId, { change: 'rate', currency, rate, by }, now);
      });
    },

    /** Answers false when the game was already a member. */
    async addMember(poolId: string, operatorId: string, gameSymbol: string, by: string, now: Date) {
      return db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pool_id: string }>`
          insert into jackpot_pool_members (pool_id, operator_id, game_symbol)
            values (${poolId}, ${operatorId}, ${gameSymbol}) on conflict do nothing returning pool_id`.execute(
          trx,
        );
        if (rows.length === 0) return false;
        await publish(
          trx,
          poolId,
          { change: 'member_added', operator_id: operatorId, game_symbol: gameSymbol, by },
          now,
        );
        return true;
      });
    },

    /** Answers false when the game was not a member. */
    async removeMember(poolId: string, operatorId: string, gameSymbol: string, by: string, now: Date) {
      return db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pool_id: string }>`
          delete from jackpot_pool_members
            where pool_id = ${poolId} and operator_id = ${operatorId} and game_symbol = ${gameSymbol}
            returning pool_id`.execute(trx);
        if (rows.length === 0) return false;
        await publish(
          trx,
          poolId,
          { change: 'member_removed', operator_id: operatorId, game_symbol: gameSymbol, by },
          now,
        );
        return true;
      });
    },

    /** Closes an active pool (no more contributions or wins); answers false when it was not active. */
    async close(poolId: string, by: string, now: Date): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ id: string }>`
          update jackpot_pools set status = 'closed' where id = ${poolId} and status = 'active'
            returning id`.execute(trx);
        if (rows.length === 0) return false;
        await sql`update jackpot_tier_changes set status = 'superseded'
          where pool_id = ${poolId} and status = 'staged'`.execute(trx);
        await publish(trx, poolId, { change: 'closed', by }, now);
        return true;
      });
    },
  };
}

export type JackpotAdminRepo = ReturnType<typeof jackpotAdminRepo>;
