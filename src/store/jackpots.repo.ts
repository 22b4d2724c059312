// Jackpot pools (issue 28; migration 025): their parameters, the live meters (seeds + shards − wins),
// the sealer's move of pending entries into the hash-chained ledger, and the draws of the drop points.
// A round's contribution and win are written by the statement that writes it (functions/rf_jackpot_add.sql,
// rf_jackpot_feed.sql).
import { type Kysely, sql } from 'kysely';
import { pgTextArray } from './literals.ts';
import type { Database } from './schema.ts';

export const SHARDS = 16;

export interface PoolRow {
  id: string;
  name: string;
  scope: 'game' | 'operator' | 'network';
  currency: string;
  owner_operator_id: string | null;
  status: 'active' | 'closed';
  created_by: string;
  created_at: Date;
}

export interface TierRow {
  id: string;
  pool_id: string;
  name: string;
  position: number;
  kind: 'progressive' | 'must_drop_value' | 'must_drop_time';
  seed: bigint;
  contribution_ppm: bigint;
  reserve_ppm: bigint;
  ceiling: bigint | null;
  odds_stake: bigint | null;
  deadline_minute: number | null;
  cycle: bigint;
  cycle_started_at: Date;
  hits: bigint;
  drop_commit: string | null;
  next_drop_commit: string | null;
}

/** A tier's meters (NJ 13:69E-1.39C), fine units, as the committed rows stand now. */
export interface TierMeters extends TierRow {
  /** What the tier shows: seeds + contributions − wins. */
  meter: bigint;
  /** Σ contributions to the meter (coin-in share). */
  contributed: bigint;
  seeded: bigint;
  won: bigint;
  reserve: bigint;
}

export interface NewPool {
  id: string;
  name: string;
  scope: PoolRow['scope'];
  currency: string;
  ownerOperatorId: string | null;
  createdBy: string;
  tiers: Array<{
    id: string;
    name: string;
    kind: TierRow['kind'];
    seed: bigint;
    contributionPpm: bigint;
    reservePpm: bigint;
    ceiling: bigint | null;
    oddsStake: bigint | null;
    deadlineMinute: number | null;
  }>;
  members: Array<{ operatorId: string; gameSymbol: string }>;
  rates: Array<{ currency: string; rate: string }>;
}

/** A pool a game feeds, with what the spin path needs: its tiers and its rate for each currency. */
export interface FedPool {
  pool: PoolRow;
  tiers: TierRow[];
  rates: Map<string, string>;
}

export interface PendingEntry {
  id: bigint;
  pool_id: string;
  kind: string;
  round_id: string | null;
  /** The rounds of a 'contributions' entry (the shares of one statement's rounds). */
  round_ids: string[] | null;
  /** The entry's JSON text, as the statement or the node wrote it (the sealer adds its kind, round and time). */
  body: string;
  created_at: Date;
}

export interface LedgerEntry {
  pool_id: string;
  seq: bigint;
  block: bigint;
  kind: string;
  round_id: string | null;
  round_ids: string[] | null;
  body: string;
  prev_hash: string;
  hash: string;
  recorded_at: Date;
}

export interface BlockRow {
  pool_id: string;
  block: bigint;
  first_seq: bigint;
  last_seq: bigint;
  merkle_root: string;
  last_hash: string;
  sealed_at: Date;
}

/** A numeric or bigint column as pg reads it (text), exactly. */
export const big = (value: unknown): bigint => BigInt(String(value));
export const bigOrNull = (value: unknown): bigint | null => (value === null ? null : big(value));

function tierRow(row: Record<string, unknown>): TierRow {
  return {
    id: row.id as string,
    pool_id: row.pool_id as string,
    name: row.name as string,
    position: Number(row.position),
    kind: row.kind as TierRow['kind'],
    seed: big(row.seed),
    contribution_ppm: big(row.contribution_ppm),
    reserve_ppm: big(row.reserve_ppm),
    ceiling: bigOrNull(row.ceiling),
    odds_stake: bigOrNull(row.odds_stake),
    deadline_minute: row.deadline_minute === null ? null : Number(row.deadline_minute),
    cycle: big(row.cycle),
    cycle_started_at: row.cycle_started_at as Date,
    hits: big(row.hits),
    drop_commit: row.drop_commit as string | null,
    next_drop_commit: row.next_drop_commit as string | null,
  };
}

const TIER_COLUMNS = sql`t.id, t.pool_id, t.name, t.position, t.kind, t.seed, t.contribution_ppm, t.reserve_ppm,
  t.ceiling, t.odds_stake, t.deadline_minute, t.cycle, t.cycle_started_at, t.hits, t.drop_commit, t.next_drop_commit`;

export function jackpotsRepo(db: Kysely<Database>) {
  async function tiersOf(poolIds: readonly string[]): Promise<TierRow[]> {
    if (poolIds.length === 0) return [];
    const { rows } = await sql<Record<string, unknown>>`
      select ${TIER_COLUMNS} from jackpot_tiers t where t.pool_id = any(${[...poolIds]}::text[])
      order by t.pool_id, t.position`.execute(db);
    return rows.map(tierRow);
  }

  return {
    /** A pool, its tiers (16 shard rows each), members, rates and first seeds, in one transaction. */
    async create(pool: NewPool, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await sql`insert into jackpot_pools (id, name, scope, currency, owner_operator_id, created_by, created_at)
          values (${pool.id}, ${pool.name}, ${pool.scope}, ${pool.currency}, ${pool.ownerOperatorId},
            ${pool.createdBy}, ${now})`.execute(trx);
        for (const [position, tier] of pool.tiers.entries()) {
          const seedFine = (tier.seed * 1_000_000n).toString();
          await sql`insert into jackpot_tiers (id, pool_id, name, position, kind, seed, contribution_ppm, reserve_ppm,
              ceiling, odds_stake, deadline_minute, cycle_started_at, seeded_fine)
            values (${tier.id}, ${pool.id}, ${tier.name}, ${position}, ${tier.kind}, ${tier.seed.toString()},
              ${tier.contributionPpm.toString()}, ${tier.reservePpm.toString()}, ${tier.ceiling?.toString() ?? null},
              ${tier.oddsStake?.toString() ?? null}, ${tier.deadlineMinute}, ${now}, ${seedFine})`.execute(
            trx,
          );
          await sql`insert into jackpot_pending (pool_id, kind, body_text, created_at)
            values (${pool.id}, 'seed', ${JSON.stringify({
              tier_id: tier.id,
              tier: tier.name,
              cycle: '1',
              seed: seedFine,
              from_reserve: '0',
              from_house: seedFine,
            })}::jsonb, ${now})`.execute(trx);
        }
        await sql`insert into jackpot_meter_shards (pool_id, shard)
          select ${pool.id}, s from generate_series(0, ${SHARDS - 1}) s`.execute(trx);
        for (const member of pool.members) {
          await sql`insert into jackpot_pool_members (pool_id, operator_id, game_symbol)
            values (${pool.id}, ${member.operatorId}, ${member.gameSymbol})`.execute(trx);
        }
        for (const rate of pool.rates) {
          await sql`insert into jackpot_rates (pool_id, currency, rate, set_by, set_at)
            values (${pool.id}, ${rate.currency}, ${rate.rate}, ${pool.createdBy}, ${now})`.execute(trx);
        }
        await sql`insert into jackpot_pending (pool_id, kind, body_text, created_at)
          values (${pool.id}, 'parameters', ${JSON.stringify({
            by: pool.createdBy,
            name: pool.name,
            scope: pool.scope,
            currency: pool.currency,
            tiers: pool.tiers.map((tier) => ({
              id: tier.id,
              name: tier.name,
              kind: tier.kind,
              seed: tier.seed.toString(),
              contribution_ppm: tier.contributionPpm.toString(),
              reserve_ppm: tier.reservePpm.toString(),
              ceiling: tier.ceiling?.toString() ?? null,
              odds_stake: tier.oddsStake?.toString() ?? null,
              deadline_minute: tier.deadlineMinute,
            })),
            members: pool.members,
            rates: pool.rates,
          })}::jsonb, ${now})`.execute(trx);
      });
    },

    async pools(): Promise<PoolRow[]> {
      const { rows } = await sql<PoolRow>`select * from jackpot_pools order by created_at, id`.execute(db);
      return rows;
    },

    async pool(id: string): Promise<PoolRow | undefined> {
      const { rows } = await sql<PoolRow>`select * from jackpot_pools where id = ${id}`.execute(db);
      return rows[0];
    },

    tiersOf,

    /** Every active pool with its tiers, members and rates: the spin path's cached view. */
    async fedPools(): Promise<
      Array<FedPool & { members: Array<{ operator_id: string; game_symbol: string }> }>
    > {
      const { rows: pools } = await sql<PoolRow>`select * from jackpot_pools where status = 'active'`.execute(
        db,
      );
      if (pools.length === 0) return [];
      const ids = pools.map((pool) => pool.id);
      const tiers = await tiersOf(ids);
      const { rows: members } = await sql<{ pool_id: string; operator_id: string; game_symbol: string }>`
        select pool_id, operator_id, game_symbol from jackpot_pool_members where pool_id = any(${ids}::text[])`.execute(
        db,
      );
      const { rows: rates } = await sql<{ pool_id: string; currency: string; rate: string }>`
        select pool_id, currency, rate from jackpot_rates where pool_id = any(${ids}::text[])`.execute(db);
      return pools.map((pool) => ({
        pool,
        tiers: tiers.filter((tier) => tier.pool_id === pool.id),
        rates: new Map(
          rates.filter((rate) => rate.pool_id === pool.id).map((rate) => [rate.currency, rate.rate]),
        ),
        members: members.filter((member) => member.pool_id === pool.id),
      }));
    },

    /** The tiers' meters as committed now (one statement: every sum from the same snapshot). */
    async meters(poolIds: readonly string[], exec: Kysely<Database> = db): Promise<TierMeters[]> {
      if (poolIds.length === 0) return [];
      const { rows } = await sql<Record<string, unknown>>`
        select ${TIER_COLUMNS}, t.seeded_fine, t.won_fine, t.reserve_used_fine,
            coalesce(s.meter_fine, 0) as contributed_fine, coalesce(s.reserve_fine, 0) as reserve_fine
          from jackpot_tiers t
          left join lateral (select sum(m.meter_fine[t.position + 1]) as meter_fine,
              sum(m.reserve_fine[t.position + 1]) as reserve_fine
            from jackpot_meter_shards m where m.pool_id = t.pool_id) s on true
          where t.pool_id = any(${[...poolIds]}::text[])
          order by t.pool_id, t.position`.execute(exec);
      return rows.map((row) => {
        const contributed = big(row.contributed_fine);
        const seeded = big(row.seeded_fine);
        const won = big(row.won_fine);
        return {
          ...tierRow(row),
          contributed,
          seeded,
          won,
          meter: seeded + contributed - won,
          reserve: big(row.reserve_fine) - big(row.reserve_used_fine),
        };
      });
    },

    /**
     * Each must-drop tier's hidden point and meter (fine units) as committed now: the spin path's
     * cached hint of which tiers are within reach (never shown; the claim itself re-reads both).
     */
    async dropStates(): Promise<
      Array<{ tier_id: string; drop_at: bigint | null; meter: bigint; contributed: bigint }>
    > {
      const { rows } = await sql<{ id: string; drop_at: string | null; meter: string; contributed: string }>`
        select t.id, t.drop_at, t.seeded_fine - t.won_fine + coalesce(s.total, 0) as meter,
            coalesce(s.total, 0) as contributed
          from jackpot_tiers t join jackpot_pools p on p.id = t.pool_id and p.status = 'active'
          left join lateral (select sum(m.meter_fine[t.position + 1]) as total
            from jackpot_meter_shards m where m.pool_id = t.pool_id) s on true
          where t.kind in ('must_drop_value', 'must_drop_time')`.execute(db);
      return rows.map((row) => ({
        tier_id: row.id,
        drop_at: bigOrNull(row.drop_at),
        meter: big(row.meter),
        contributed: big(row.contributed),
      }));
    },

    /** Tiers whose current or next drop point is still to be drawn (the sealer draws them). */
    async tiersToDraw(): Promise<TierRow[]> {
      const { rows } = await sql<Record<string, unknown>>`
        select ${TIER_COLUMNS} from jackpot_tiers t join jackpot_pools p on p.id = t.pool_id
          where p.status = 'active' and (
            (t.kind in ('must_drop_value', 'must_drop_time') and t.drop_commit is null)
            or (t.kind = 'must_drop_value' and t.next_drop_commit is null))`.execute(db);
      return rows.map(tierRow);
    },

    /**
     * Sets a drawn point where it is still missing, for the cycle it was drawn for (a win in between
     * moves the cycle on and the draw is dropped). Answers whether it was set. The commitment enters
     * the ledger in the same transaction, so it is public before the point can be reached.
     */
    async setDrop(
      tier: TierRow,
      which: 'current' | 'next',
      point: { at: bigint; salt: string; commit: string },
      now: Date,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const { rows } =
          which === 'current'
            ? await sql<{ id: string }>`update jackpot_tiers set drop_at = ${point.at.toString()}::numeric,
                  drop_salt = ${point.salt}, drop_commit = ${point.commit}
                where id = ${tier.id} and cycle = ${tier.cycle.toString()}::bigint and drop_commit is null
                returning id`.execute(trx)
            : await sql<{
                id: string;
              }>`update jackpot_tiers set next_drop_at = ${point.at.toString()}::numeric,
                  next_drop_salt = ${point.salt}, next_drop_commit = ${point.commit}
                where id = ${tier.id} and cycle = ${tier.cycle.toString()}::bigint and next_drop_commit is null
                returning id`.execute(trx);
        if (rows.length === 0) return false;
        await sql`insert into jackpot_pending (pool_id, kind, body_text, created_at)
          values (${tier.pool_id}, 'parameters', ${JSON.stringify({
            commitment: {
              tier_id: tier.id,
              tier: tier.name,
              cycle: (which === 'current' ? tier.cycle : tier.cycle + 1n).toString(),
              commit: point.commit,
            },
          })}::jsonb, ${now})`.execute(trx);
        return true;
      });
    },

    /**
     * One seal of a pool: up to `limit` pending entries, oldest first, chained onto the ledger's
     * last hash by `chain` and written as one block; the pending rows go in the same transaction.
     * Only one sealer holds a pool at a time (an advisory lock on its id); answers the entries sealed.
     */
    async seal(
      poolId: string,
      limit: number,
      chain: (
        last: { seq: bigint; hash: string; block: bigint } | null,
        entries: PendingEntry[],
      ) => { ledger: LedgerEntry[]; block: BlockRow },
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { rows: locked } = await sql<{ ok: boolean }>`
          select pg_try_advisory_xact_lock(hashtext('jackpot-seal:' || ${poolId})) as ok`.execute(trx);
        if (!locked[0]?.ok) return 0;
        const { rows: pending } = await sql<PendingEntry>`
          select id, pool_id, kind, round_id, round_ids, body_text as body, created_at from jackpot_pending
            where pool_id = ${poolId} order by id limit ${limit}`.execute(trx);
        if (pending.length === 0) return 0;
        // Where the chain stands: the pool's last block (one a seal), not a scan of the ledger's months.
        const { rows: lastRows } = await sql<{ seq: string; hash: string; block: string }>`
          select last_seq as seq, last_hash as hash, block from jackpot_blocks
           where pool_id = ${poolId} order by block desc limit 1`.execute(trx);
        const last = lastRows[0]
          ? { seq: big(lastRows[0].seq), hash: lastRows[0].hash, block: big(lastRows[0].block) }
          : null;
        const { ledger, block } = chain(last, pending);
        // One array a column, not one JSON document: the bodies (a statement's entry is a few kilobytes)
        // are read as array elements, not parsed into jsonb and serialised back to text.
        await sql`insert into jackpot_ledger (pool_id, seq, block, kind, round_id, round_ids, body, prev_hash, hash,
            recorded_at)
          select x.pool_id, x.seq, x.block, x.kind, x.round_id, x.round_ids::text[], x.body, x.prev_hash, x.hash,
              x.recorded_at
            from unnest(${ledger.map((entry) => entry.pool_id)}::text[], ${ledger.map((entry) => entry.seq.toString())}::bigint[],
              ${ledger.map((entry) => entry.block.toString())}::bigint[], ${ledger.map((entry) => entry.kind)}::text[],
              ${ledger.map((entry) => entry.round_id)}::text[],
              ${ledger.map((entry) => (entry.round_ids === null ? null : pgTextArray(entry.round_ids)))}::text[],
              ${ledger.map((entry) => entry.body)}::text[], ${ledger.map((entry) => entry.prev_hash)}::text[],
              ${ledger.map((entry) => entry.hash)}::text[],
              ${ledger.map((entry) => new Date(entry.recorded_at).toISOString())}::timestamptz[])
              as x(pool_id, seq, block, kind, round_id, round_ids, body, prev_hash, hash, recorded_at)`.execute(
          trx,
        );
        await sql`insert into jackpot_blocks (pool_id, block, first_seq, last_seq, merkle_root, last_hash, sealed_at)
          values (${block.pool_id}, ${block.block.toString()}, ${block.first_seq.toString()}, ${block.last_seq.toString()},
            ${block.merkle_root}, ${block.last_hash}, ${block.sealed_at})`.execute(trx);
        await sql`delete from jackpot_pending where id = any(${pending.map((entry) => entry.id.toString())}::bigint[])`.execute(
          trx,
        );
        return pending.length;
      });
    },

    async poolsWithPending(): Promise<string[]> {
      const { rows } = await sql<{ pool_id: string }>`select distinct pool_id from jackpot_pending`.execute(
        db,
      );
      return rows.map((row) => row.pool_id);
    },

    async ledger(
      poolId: string,
      afterSeq = 0n,
      limit = 1000,
      exec: Kysely<Database> = db,
    ): Promise<LedgerEntry[]> {
      const { rows } = await sql<LedgerEntry>`
        select * from jackpot_ledger where pool_id = ${poolId} and seq > ${afterSeq.toString()}::bigint
          order by seq limit ${limit}`.execute(exec);
      return rows.map((row) => ({ ...row, seq: big(row.seq), block: big(row.block) }));
    },

    /** The pool's blocks, or those from `range.from` to `range.to` and the last one. */
    async blocks(
      poolId: string,
      exec: Kysely<Database> = db,
      range?: { from: bigint; to: bigint },
    ): Promise<BlockRow[]> {
      const { rows } = range
        ? await sql<BlockRow>`select * from jackpot_blocks where pool_id = ${poolId}
            and (block between ${range.from.toString()}::bigint and ${range.to.toString()}::bigint
              or block = (select max(b.block) from jackpot_blocks b where b.pool_id = ${poolId}))
            order by block`.execute(exec)
        : await sql<BlockRow>`select * from jackpot_blocks where pool_id = ${poolId} order by block`.execute(
            exec,
          );
      return rows.map((row) => ({
        ...row,
        block: big(row.block),
        first_seq: big(row.first_seq),
        last_seq: big(row.last_seq),
      }));
    },

    /** How many entries the pool's ledger holds (its last seq). */
    async ledgerLength(poolId: string, exec: Kysely<Database> = db): Promise<bigint> {
      const { rows } = await sql<{ n: string | null }>`
        select max(last_seq) as n from jackpot_blocks where pool_id = ${poolId}`.execute(exec);
      return BigInt(rows[0]?.n ?? 0);
    },

    async pendingCount(poolId: string, exec: Kysely<Database> = db): Promise<number> {
      const { rows } = await sql<{
        n: string;
      }>`select count(*) as n from jackpot_pending where pool_id = ${poolId}`.execute(exec);
      return Number(rows[0]?.n ?? 0);
    },

    /**
     * A round's entries in a pool's ledger (its own, and the 'contributions' entry that lists it), and
     * every entry hash of the block each is in.
     */
    async roundEntries(poolId: string, roundId: string) {
      const { rows } = await sql<LedgerEntry>`
        select * from jackpot_ledger
         where pool_id = ${poolId} and (round_id = ${roundId} or round_ids @> array[${roundId}]::text[])
         order by seq`.execute(db);
      const entries = rows.map((row) => ({ ...row, seq: big(row.seq), block: big(row.block) }));
      const blocks = [...new Set(entries.map((entry) => entry.block.toString()))];
      const { rows: hashes } = await sql<{ block: string; seq: string; hash: string }>`
        select block, seq, hash from jackpot_ledger where pool_id = ${poolId} and block = any(${blocks}::bigint[])
          order by seq`.execute(db);
      const { rows: blockRows } = await sql<BlockRow>`
        select * from jackpot_blocks where pool_id = ${poolId} and block = any(${blocks}::bigint[])`.execute(
        db,
      );
      return {
        entries,
        hashesOf: (block: bigint) =>
          hashes
            .filter((row) => big(row.block) === block)
            .map((row) => ({ seq: big(row.seq), hash: row.hash })),
        blockOf: (block: bigint) => blockRows.find((row) => big(row.block) === block),
      };
    },

    /** Runs `work` in one repeatable-read snapshot: meters, pending and ledger as of one moment. */
    snapshot<T>(work: (exec: Kysely<Database>) => Promise<T>): Promise<T> {
      return db.transaction().setIsolationLevel('repeatable read').execute(work);
    },

    async wins(poolId: string, limit = 100) {
      const { rows } = await sql<Record<string, unknown>>`
        select w.*, t.name as tier from jackpot_wins w join jackpot_tiers t on t.id = w.tier_id
          where w.pool_id = ${poolId} order by w.created_at desc, w.id limit ${limit}`.execute(db);
      return rows.map((row) => ({
        id: row.id as string,
        tier_id: row.tier_id as string,
        tier: row.tier as string,
        cycle: big(row.cycle),
        round_id: row.round_id as string,
        operator_id: row.operator_id as string,
        player_id: row.player_id as string,
        currency: row.currency as string,
        meter: big(row.meter_fine),
        consumed: big(row.consumed_fine),
        amount: big(row.amount),
        drop_at: bigOrNull(row.drop_at),
        drop_salt: row.drop_salt as string | null,
        drop_commit: row.drop_commit as string | null,
        transaction_id: row.transaction_id as string | null,
        status: row.status as 'won' | 'void',
        created_at: row.created_at as Date,
      }));
    },
  };
}

export type JackpotsRepo = ReturnType<typeof jackpotsRepo>;
